import {
  COMPANY_MESSAGES,
  ZCompanyParams,
  ZHashParams,
  ZOperatorResponse,
  ZOperatorRoleBody,
  ZOperatorStatusBody,
  ZOperatorsQuery,
  ZOperatorsResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { OPERATORS, PLATFORM_ADMIN } from "./access-rules.ts";
import * as requests from "./operator-requests.ts";
import * as operators from "./operators.ts";

const tags = ["companies"];

/** The company's operators ('gestire operatori'). */
export const operatorRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/operators/list",
    {
      config: { access: OPERATORS },
      schema: {
        tags,
        summary: "The company's operators (q, status, paged)",
        querystring: ZOperatorsQuery,
        response: { 200: ZOperatorsResponse },
      },
    },
    async (request) => operators.listOperators(ctx, principalOf(request), request.query),
  );

  app.post(
    "/users/change/status/:hash",
    {
      config: { access: OPERATORS },
      schema: {
        tags,
        summary: "Enable (status true) or suspend (false) an operator of one's company; no status toggles",
        params: ZHashParams,
        body: ZOperatorStatusBody,
        response: { 200: ZOperatorResponse },
      },
    },
    async (request) => ({
      data: await operators.changeStatus(ctx, request, principalOf(request), request.params.hash, request.body?.status),
      message: COMPANY_MESSAGES.dataUpdated,
    }),
  );

  app.post(
    "/companies/operators/role/update",
    {
      config: { access: OPERATORS },
      schema: {
        tags,
        summary: "Set an operator's role and permission strings",
        body: ZOperatorRoleBody,
        response: { 200: ZOperatorResponse },
      },
    },
    async (request) => ({
      data: await operators.updateRole(ctx, request, principalOf(request), request.body),
      message: COMPANY_MESSAGES.dataUpdated,
    }),
  );

  // Requests to join (spec 002 §4 "enable an operator account after confirmation"): the spec names
  // no call, so these are ours (contract-coverage EXTRA_ROUTES). Enabling or refusing is its own
  // action, not the status toggle: it tells the person, and a refusal cannot be toggled back.
  for (const [action, decide, message] of [
    ["enable", requests.enableOperator, COMPANY_MESSAGES.operatorEnabled],
    ["refuse", requests.refuseOperator, COMPANY_MESSAGES.operatorRequestRefused],
  ] as const) {
    app.post(
      `/companies/operators/:hash/${action}`,
      {
        config: { access: OPERATORS },
        schema: {
          tags,
          summary: `${action === "enable" ? "Enable" : "Refuse"} an operator waiting to join one's company ({hash}: user)`,
          params: ZHashParams,
          response: { 200: ZOperatorResponse },
        },
      },
      async (request) => ({
        data: await decide(ctx, request, principalOf(request), request.params.hash),
        message,
      }),
    );
    app.post(
      `/companies/operators/:hash/admin/${action}`,
      {
        config: { access: PLATFORM_ADMIN },
        schema: {
          tags,
          summary: `Platform administrators: ${action} an operator waiting to join any company ({hash}: user)`,
          params: ZHashParams,
          response: { 200: ZOperatorResponse },
        },
      },
      async (request) => ({
        data: await decide(ctx, request, principalOf(request), request.params.hash),
        message,
      }),
    );
  }

  app.get(
    "/companies/:company/operators",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Platform administrators: a company's operators, pending ones first (q, status, paged)",
        params: ZCompanyParams,
        querystring: ZOperatorsQuery,
        response: { 200: ZOperatorsResponse },
      },
    },
    async (request) => operators.listCompanyOperators(ctx, principalOf(request), request.params.company, request.query),
  );
};

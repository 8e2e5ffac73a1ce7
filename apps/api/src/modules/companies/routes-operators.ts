import {
  COMPANY_MESSAGES,
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
import { OPERATORS } from "./access-rules.ts";
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
};

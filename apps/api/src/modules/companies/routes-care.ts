import {
  COMPANY_MESSAGES,
  ZCareCircleItemResponse,
  ZCareCircleQuery,
  ZCareCircleResponse,
  ZDoctorInvitationBody,
  ZDoctorInvitationResponse,
  ZIdParams,
  ZMessage,
  ZRelationshipBody,
  ZRelationshipRemoveBody,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { CITIZEN, OPERATOR } from "./access-rules.ts";
import * as careCircle from "./care-circle.ts";

const tags = ["care"];

/** The citizen's care circle (circolocura) and the doctor invitation. */
export const careRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/own/circolocura",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "One's care circle; with suggestions=true, providers near home not in it yet",
        querystring: ZCareCircleQuery,
        response: { 200: ZCareCircleResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (request.query.suggestions) return { data: await careCircle.suggestions(ctx, principal) };
      return { data: await careCircle.ownCircle(ctx, principal) };
    },
  );

  app.get(
    "/users/patient/circolocura/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A patient's care circle, for the operators of a company in it",
        params: ZIdParams,
        response: { 200: ZCareCircleResponse },
      },
    },
    async (request) => ({ data: await careCircle.patientCircle(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/users/company/relationship",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Add a provider to one's care circle, or set its preferred flag (one preferred at most)",
        body: ZRelationshipBody,
        response: { 200: ZCareCircleItemResponse },
      },
    },
    async (request) => ({
      data: await careCircle.addRelationship(ctx, request, principalOf(request), request.body),
      message: COMPANY_MESSAGES.relationshipAdded,
    }),
  );

  app.post(
    "/users/company/relationship/remove",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Remove a provider from one's care circle",
        body: ZRelationshipRemoveBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({
      message: await careCircle.removeRelationship(ctx, request, principalOf(request), request.body.company_id),
    }),
  );

  app.post(
    "/users/contatti/privati/medico/invito",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Invite one's doctor (name, surname, city; e-mail optional: with it the doctor is e-mailed)",
        body: ZDoctorInvitationBody,
        response: { 200: ZDoctorInvitationResponse },
      },
    },
    async (request) => ({
      data: await careCircle.inviteDoctor(ctx, request, principalOf(request), request.body),
      message: COMPANY_MESSAGES.doctorInvited,
    }),
  );
};

import {
  CARE_MESSAGES,
  ZCaregiverActionBody,
  ZCaregiverHealthBody,
  ZCaregiverRelationListResponse,
  ZCaregiverRelationResponse,
  ZHashid,
  ZOwnCaregiversResponse,
  ZOwnCodeResponse,
  ZUserCodeBody,
  ZUserCodeValidationResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ANY_SIGNED_IN, CITIZEN } from "./access-rules.ts";
import * as caregivers from "./caregivers.ts";
import { ownCode, resolveCode } from "./user-code.ts";

const tags = ["care"];
const ZUserParams = z.object({ id: ZHashid });

/** Caregivers and the user code (spec 001 §7 Family and caregivers). */
export const caregiverRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/own/code",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Today's user code (valid until 23:59:59 Europe/Rome)",
        response: { 200: ZOwnCodeResponse },
      },
    },
    async (request) => ({ data: await ownCode(ctx.db, principalOf(request).userId) }),
  );

  app.post(
    "/users/own/code/validate",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Whose code this is: the name only (more than 10 wrong codes an hour: 429)",
        body: ZUserCodeBody,
        response: { 200: ZUserCodeValidationResponse },
      },
    },
    async (request) => {
      const owner = await resolveCode(ctx.db, principalOf(request).userId, request.body.code);
      return { data: { name: owner.name, surname: owner.surname } };
    },
  );

  app.post(
    "/familymembers/caregiver/invite",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Ask the owner of a user code to approve the caller as their caregiver",
        body: ZUserCodeBody,
        response: { 201: ZCaregiverRelationResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await caregivers.invite(ctx, request, request.body.code), message: CARE_MESSAGES.invited }),
  );

  for (const decision of ["approve", "disapprove"] as const) {
    app.post(
      `/familymembers/caregiver/${decision}`,
      {
        config: { access: CITIZEN },
        schema: {
          tags,
          summary:
            decision === "approve"
              ? "The assisted person enables a pending or disabled caregiver"
              : "The assisted person rejects a pending caregiver or disables an enabled one",
          body: ZCaregiverActionBody,
          response: { 200: ZCaregiverRelationResponse },
        },
      },
      async (request) => {
        const { relation, message } = await caregivers.decide(ctx, request, request.body.hashid, decision);
        return { data: relation, message };
      },
    );
  }

  app.post(
    "/familymembers/caregiver/healthdata",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The assisted person grants or withdraws 'gestione dati sanitari' to an enabled caregiver",
        body: ZCaregiverHealthBody,
        response: { 200: ZCaregiverRelationResponse },
      },
    },
    async (request) => {
      const { relation, message } = await caregivers.setHealthData(
        ctx,
        request,
        request.body.hashid,
        request.body.granted,
      );
      return { data: relation, message };
    },
  );

  app.get(
    "/familymembers/caregivers/own",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Both directions: who cares for the caller, and whom the caller cares for",
        response: { 200: ZOwnCaregiversResponse },
      },
    },
    async (request) => ({ data: await caregivers.listOwn(ctx, request) }),
  );

  app.get(
    "/familymembers/caregivers/user/:id",
    {
      config: { access: ANY_SIGNED_IN },
      schema: {
        tags,
        summary: "A person's enabled caregivers (the person, their caregivers, their companies' operators; others 404)",
        params: ZUserParams,
        response: { 200: ZCaregiverRelationListResponse },
      },
    },
    async (request) => ({ data: await caregivers.listOfUser(ctx, request, request.params.id) }),
  );
};

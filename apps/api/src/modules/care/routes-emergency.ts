import {
  EMERGENCY_MESSAGES,
  ZEmergencyContactBody,
  ZEmergencyContactListResponse,
  ZEmergencyContactResponse,
  ZHashidParams,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { ANY_SIGNED_IN, CITIZEN } from "./access-rules.ts";
import * as contacts from "./emergency-contacts.ts";

const tags = ["care"];

/** Emergency contacts (spec 001 §7 Utility and shared): the list by user hashid, the rest by contact hashid. */
export const emergencyRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/users/emergencycontacts",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Add an emergency contact of one's own (10 at most)",
        body: ZEmergencyContactBody,
        response: { 201: ZEmergencyContactResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await contacts.create(ctx, request, request.body), message: EMERGENCY_MESSAGES.created }),
  );

  app.get(
    "/users/emergencycontacts/:hashid",
    {
      config: { access: ANY_SIGNED_IN },
      schema: {
        tags,
        summary:
          "The emergency contacts of the user with this hashid (the user, a caregiver, their companies' operators)",
        params: ZHashidParams,
        response: { 200: ZEmergencyContactListResponse },
      },
    },
    async (request) => ({ data: await contacts.listOf(ctx, request, request.params.hashid) }),
  );

  app.put(
    "/users/emergencycontacts/:hashid",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Edit one's own emergency contact (the whole record)",
        params: ZHashidParams,
        body: ZEmergencyContactBody,
        response: { 200: ZEmergencyContactResponse },
      },
    },
    async (request) => ({
      data: await contacts.update(ctx, request, request.params.hashid, request.body),
      message: EMERGENCY_MESSAGES.updated,
    }),
  );

  app.delete(
    "/users/emergencycontacts/:hashid",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Delete one's own emergency contact",
        params: ZHashidParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await contacts.remove(ctx, request, request.params.hashid);
      return { message: EMERGENCY_MESSAGES.deleted };
    },
  );
};

import {
  FAMILY_MESSAGES,
  ZFamilyMemberBody,
  ZFamilyMemberListResponse,
  ZFamilyMemberResponse,
  ZHashidParams,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { CITIZEN } from "./access-rules.ts";
import * as family from "./family.ts";
import { caregiverRoutes } from "./routes-caregivers.ts";
import { emergencyRoutes } from "./routes-emergency.ts";

const tags = ["care"];

/** Family and caregivers (spec 001 §7 Family and caregivers), emergency contacts, the user code. */
export const careRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  await app.register(caregiverRoutes, { ctx });
  await app.register(emergencyRoutes, { ctx });
  app.get(
    "/familymembers",
    {
      config: { access: CITIZEN },
      schema: { tags, summary: "The citizen's family members", response: { 200: ZFamilyMemberListResponse } },
    },
    async (request) => ({ data: await family.listOwn(ctx, request) }),
  );

  app.post(
    "/familymembers",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Add a family member (a tax code at most once per citizen)",
        body: ZFamilyMemberBody,
        response: { 201: ZFamilyMemberResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await family.create(ctx, request, request.body), message: FAMILY_MESSAGES.created }),
  );

  app.put(
    "/familymembers/:hashid",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Edit one's own family member (the whole record)",
        params: ZHashidParams,
        body: ZFamilyMemberBody,
        response: { 200: ZFamilyMemberResponse },
      },
    },
    async (request) => ({
      data: await family.update(ctx, request, request.params.hashid, request.body),
      message: FAMILY_MESSAGES.updated,
    }),
  );
};

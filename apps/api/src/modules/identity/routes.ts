import { ZLoginBody, ZLoginResponse, ZLogoutQuery, ZMeResponse, ZMessage } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as identity from "./service.ts";

const tags = ["identity"];

export const identityRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/users/login",
    {
      config: { access: { public: true } },
      schema: { tags, summary: "Sign in with e-mail or username", body: ZLoginBody, response: { 200: ZLoginResponse } },
    },
    async (request) => ({ data: await identity.login(ctx, request, request.body) }),
  );

  app.get(
    "/users/logout",
    {
      config: { access: { allowUnverified: true } },
      schema: {
        tags,
        summary: "Sign out: the token stops working",
        querystring: ZLogoutQuery,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await identity.logout(ctx, request, principalOf(request));
      return { message: "Logout effettuato" };
    },
  );

  app.get(
    "/users/fresh/me",
    {
      config: { access: { allowUnverified: true } },
      schema: { tags, summary: "The signed-in user", response: { 200: ZMeResponse } },
    },
    async (request) => ({ data: await identity.currentUser(ctx, principalOf(request).userId) }),
  );
};

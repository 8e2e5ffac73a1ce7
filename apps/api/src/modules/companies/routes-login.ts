import { ZCompanyLoginContextResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { OPERATOR } from "./access-rules.ts";
import { loginContext, pharmacyLoginContext } from "./login-context.ts";

const tags = ["companies"];

/** The signed-in operator's company context (login-context.ts says how the spec's calls are read). */
export const loginRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/login/auth",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The signed-in operator's company, role, permission strings and active services",
        response: { 200: ZCompanyLoginContextResponse },
      },
    },
    async (request) => ({ data: await loginContext(ctx, principalOf(request)) }),
  );

  app.get(
    "/farmacia/auth",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "As companies/login/auth, for operators of a pharmacy only (403 for other companies)",
        response: { 200: ZCompanyLoginContextResponse },
      },
    },
    async (request) => ({ data: await pharmacyLoginContext(ctx, principalOf(request)) }),
  );
};

import {
  ZHashid,
  ZMeResponse,
  ZSuspensionBody,
  ZUserOrCardResponse,
  ZUserSearchQuery,
  ZUserSearchResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as directory from "./directory.ts";

const tags = ["identity"];
const ZUserParams = z.object({ id: ZHashid });

/** Other people's accounts: reading one, finding one, suspending one. */
export const directoryRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/:id",
    {
      config: { access: {} },
      schema: {
        tags,
        summary:
          "A user: oneself, or anyone for an administrator; a card (name, picture, contacts) for an operator of their company or an enabled caregiver; others 404",
        params: ZUserParams,
        response: { 200: ZUserOrCardResponse },
      },
    },
    async (request) => ({ data: await directory.readUser(ctx, request, request.params.id) }),
  );

  app.get(
    "/utilities/users/search",
    {
      // The spec lists it among the utilities without sign-in; a directory of patients must not be public.
      config: { access: { types: [1, 2] } },
      schema: {
        tags,
        summary: "Find users: administrators by text; operators a citizen by exact tax code",
        querystring: ZUserSearchQuery,
        response: { 200: ZUserSearchResponse },
      },
    },
    async (request) => {
      const { items, total } = await directory.searchUsers(ctx, principalOf(request), request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  app.patch(
    "/users/change/suspension/:id",
    {
      config: { access: { types: [2] } },
      schema: {
        tags,
        summary: "Suspend or restore an account (administrators); a suspension may end by itself at `until`",
        params: ZUserParams,
        body: ZSuspensionBody,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => ({
      data: await directory.setSuspension(
        ctx,
        request,
        principalOf(request),
        request.params.id,
        request.body.suspended,
        { until: request.body.until, reason: request.body.reason },
      ),
    }),
  );
};

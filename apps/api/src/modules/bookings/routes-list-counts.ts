import { ZBookingListCountsResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { CITIZEN } from "./access-rules.ts";
import { citizenListCounts } from "./list-counts.ts";

/** The counts beside the citizen's list tabs (the lists themselves page on the server with `?group=&kind=`). */
export const listCountsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/own/reservations/counts",
    {
      config: { access: CITIZEN },
      schema: {
        tags: ["bookings"],
        summary: "How many of the citizen's bookings each list tab holds (pending, confirmed, history), per kind",
        response: { 200: ZBookingListCountsResponse },
      },
    },
    async (request) => ({ data: await citizenListCounts(ctx, principalOf(request)) }),
  );
};

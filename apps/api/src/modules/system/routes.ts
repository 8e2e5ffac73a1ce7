import { ZHealthResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/health",
    {
      config: { access: { public: true } },
      schema: {
        tags: ["system"],
        summary: "Liveness and database reachability (503 when the database is down)",
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const databaseUp = await ctx.ping();
      const data = databaseUp
        ? ({ status: "ok", database: "ok" } as const)
        : ({ status: "degraded", database: "down" } as const);
      return reply.status(databaseUp ? 200 : 503).send({ data });
    },
  );
};

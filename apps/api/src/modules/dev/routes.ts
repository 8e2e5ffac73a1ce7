import { ZLoadQuery, ZLoadResponse, ZOutboxQuery, ZOutboxResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";

/**
 * The dev outbox: every e-mail and SMS sent outside production; and the load figures of the
 * slow-database harness. Never registered in production.
 */
export const devRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  const load = ctx.load;
  if (load) {
    app.get(
      "/dev/load",
      {
        config: { access: { public: true } },
        schema: {
          tags: ["dev"],
          summary: "Event-loop delay and the database pool's queue (the slow-database harness reads it)",
          querystring: ZLoadQuery,
          response: { 200: ZLoadResponse },
        },
      },
      async (request) => {
        const { event_loop_delay_ms, pool } = load.snapshot(request.query.reset);
        return {
          data: {
            event_loop_delay_ms,
            pool: pool && {
              size: pool.size,
              total: pool.total,
              idle: pool.idle,
              waiting: pool.waiting,
              peak_waiting: pool.peakWaiting,
              shed: pool.shed,
              queue_limit: pool.queueLimit,
            },
          },
        };
      },
    );
  }
  const outbox = ctx.outbox;
  if (!outbox) return;
  app.get(
    "/dev/outbox",
    {
      config: { access: { public: true } },
      schema: {
        tags: ["dev"],
        summary: "Messages sent in development and tests, newest first",
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxResponse },
      },
    },
    async (request) => {
      const to = request.query.to?.trim();
      const rows = await outbox.list({ to: to?.includes("@") ? to.toLowerCase() : to, limit: request.query.limit });
      return {
        data: rows.map((row) => ({
          hashid: ctx.ids.encode(row.id),
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            size: a.size,
          })),
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};

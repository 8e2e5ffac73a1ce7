import { REALTIME_LIMITS, REALTIME_PATH } from "@cura/domain";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import type { Authenticator } from "../auth/access.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { sweepStoredMessages } from "./bus.ts";
import { createRealtimeHub, type RealtimeHub } from "./hub.ts";

/**
 * The realtime hub (docs/realtime.md): one WebSocket endpoint, rooms, and `publish` for modules,
 * with the fan-out between instances through PostgreSQL LISTEN/NOTIFY.
 */
export { publish } from "./bus.ts";
export { type RealtimeHub, type RoomKind, USER_ROOM_KIND, userRoom } from "./hub.ts";

export const REALTIME_SWEEP_JOB = "realtime-messages-sweep";

export interface RealtimeOptions {
  database: DatabaseHandle;
  authenticator: Authenticator;
  jobs: JobRunner;
  sessionCheckMs: number;
  heartbeatMs: number;
}

/**
 * Registers @fastify/websocket (before any route: it wraps every route's handler so that an upgrade
 * to a route without a socket handler is closed) and the endpoint. Authentication is the socket's
 * first message, so the upgrade itself is public; nothing but the protocol happens before it.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<RealtimeHub> {
  await app.register(websocket, { options: { maxPayload: REALTIME_LIMITS.maxClientFrameBytes } });
  const hub = await createRealtimeHub({
    database: options.database,
    authenticator: options.authenticator,
    log: app.log,
    sessionCheckMs: options.sessionCheckMs,
    heartbeatMs: options.heartbeatMs,
  });
  app.decorate("realtime", hub);
  // Timers and the database listener end with the app, before the database is closed.
  app.addHook("preClose", async () => hub.stop());
  options.jobs.define({
    name: REALTIME_SWEEP_JOB,
    cron: "*/5 * * * *",
    run: async () => {
      await sweepStoredMessages(options.database.db);
    },
  });
  app.get(REALTIME_PATH, { websocket: true, config: { access: { public: true } } }, (socket, request) =>
    hub.accept(socket, request),
  );
  return hub;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The realtime hub (tests check sessions now with `app.realtime.checkSessions()`). */
    realtime: RealtimeHub;
  }
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { FileStorage } from "./files/storage.ts";
import type { Ids } from "./ids.ts";
import type { JobRunner } from "./jobs/runner.ts";
import type { LoadMonitor } from "./load.ts";
import type { Mailer } from "./messaging/mailer.ts";
import type { Outbox } from "./messaging/outbox.ts";
import type { SmsSender } from "./messaging/sms.ts";
import type { RealtimeHub } from "./realtime/index.ts";

/** What every module receives: the platform's parts, never another module's internals. */
export interface ModuleContext {
  config: Config;
  db: Database;
  ids: Ids;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  /** The job runner: a module defines its scheduled jobs here while registering its routes. */
  jobs: JobRunner;
  /**
   * The realtime hub: a module registers its kinds of room here while registering its routes, and
   * publishes with it (or with `publish` of platform/realtime, which needs only a transaction).
   */
  realtime: RealtimeHub;
  /** The dev outbox; null in production. */
  outbox: Outbox | null;
  /** Event-loop delay and pool queue for the slow-database harness; null in production. */
  load?: LoadMonitor | null;
  ping(): Promise<boolean>;
}

export interface CuraModule {
  name: string;
  /** Registered under /api/v1. */
  routes: FastifyPluginAsyncZod<{ ctx: ModuleContext }>;
  /** Development and test only (the dev outbox): never registered in production. */
  devOnly?: boolean;
}

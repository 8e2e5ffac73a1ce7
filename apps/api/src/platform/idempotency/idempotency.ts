import { createHash, randomUUID } from "node:crypto";
import { DomainError } from "@cura/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { JobRunner } from "../jobs/runner.ts";

/**
 * `Idempotency-Key` on the POST routes of signed-in users (issue 15, docs/reliability.md): a client
 * that retries a write after a timeout or a lost answer, with the key of the first attempt, gets
 * the first attempt's answer back instead of a second booking or message.
 *
 * - The key is reserved before the work, atomically in the database (INSERT … ON CONFLICT), so
 *   every API instance sees it: no in-process state.
 * - A 2xx answer is stored with it; a retry with the same key and the same request (method, URL and
 *   body) gets that status and body again, with `Idempotent-Replayed: true`, and nothing runs.
 * - Any other answer releases the key (nothing was created: the client may retry and the work runs
 *   again), except a request timeout, whose work may still be running: the key stays reserved until
 *   its lease ends.
 * - The same key with another request: 422. A retry while the first still runs: 409 with Retry-After.
 * - A reservation whose request never finished (the process died, the database went away before the
 *   key could be released) is taken over by a retry once its lease (twice the request timeout) ends;
 *   a release that failed is tried again every second meanwhile. Each reservation has its own
 *   holder id, so a late store or release never touches a later holder's.
 * - Keys live 24 hours per user; a daily job deletes older ones (an older key counts as new).
 *
 * Public routes (sign-in, OTP, registration) ignore the header: they create nothing a retry could
 * duplicate, or are limited by other means.
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_CLEANUP_JOB = "idempotency-keys-cleanup";
/** How long a key answers for its first request. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `La chiave di idempotenza deve avere da 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caratteri stampabili`,
  otherRequest: "Questa chiave di idempotenza è già stata usata per una richiesta diversa",
  inProgress: "Richiesta già in corso: riprova tra poco",
} as const;

/** The header as the OpenAPI document describes it and the route validates it (422 when malformed). */
const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey)
    .optional()
    .describe(
      "Optional. A key of the client's choice (1–255 printable characters, e.g. a UUID) that makes a retry safe: " +
        "the same key with the same request within 24 hours returns the first answer (2xx) without doing the work " +
        "again (header Idempotent-Replayed: true); with another request 422; while the first still runs 409.",
    ),
});

interface Reservation {
  userId: number;
  key: string;
  /** This reservation's own id: a store or release touches the key only while it still holds it. */
  holder: string;
  /** The request timed out: its work may still commit, so the key is not released. */
  timedOut: boolean;
}

interface StoredRow {
  fingerprint: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
}

export interface IdempotencyOptions {
  db: Database;
  jobs: JobRunner;
  /** How long a reservation holds while its request runs (longer than any request may take). */
  leaseMs: number;
}

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, leaseMs } = options;
  const reservations = new WeakMap<FastifyRequest, Reservation>();

  options.jobs.define({
    name: IDEMPOTENCY_CLEANUP_JOB,
    cron: "40 3 * * *",
    run: async () => {
      await db.execute(
        sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
      );
    },
  });

  // Every POST of a signed-in user takes the header: documented and validated per route.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    if (!methods.includes("POST") || !route.url.startsWith("/api/") || !access || access.public) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.headers) throw new Error(`Route POST ${route.url} has its own headers schema: merge Idempotency-Key`);
    route.schema = { ...schema, headers: ZIdempotencyHeaders };
  });

  app.addHook("preHandler", async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== "string" || request.method !== "POST" || !request.principal) return;
    const access = request.routeOptions.config?.access;
    if (!access || access.public) return;
    const userId = request.principal.userId;
    const fingerprint = fingerprintOf(request);
    // A row released between our insert and our read (its request failed) is taken on the next try.
    for (let attempt = 0; attempt < 3; attempt++) {
      const holder = randomUUID();
      if (await reserve(db, { userId, key, holder }, fingerprint, leaseMs)) {
        reservations.set(request, { userId, key, holder, timedOut: false });
        return;
      }
      const row = await stored(db, userId, key);
      if (!row) continue;
      if (row.fingerprint !== fingerprint) {
        throw new DomainError("validation", {
          message: IDEMPOTENCY_MESSAGES.otherRequest,
          errors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.otherRequest] },
        });
      }
      if (row.status_code === null) {
        throw new DomainError("conflict", {
          message: IDEMPOTENCY_MESSAGES.inProgress,
          publicCode: "idempotency_in_progress",
          retryAfterSeconds: 1,
        });
      }
      reply.status(row.status_code).header("idempotent-replayed", "true");
      if (row.content_type) reply.header("content-type", row.content_type);
      return reply.send(row.response_body ?? "");
    }
    throw new DomainError("conflict", {
      message: IDEMPOTENCY_MESSAGES.inProgress,
      publicCode: "idempotency_in_progress",
      retryAfterSeconds: 1,
    });
  });

  app.addHook("onError", async (request, _reply, error) => {
    const reservation = reservations.get(request);
    if (reservation && (error as { code?: string }).code === "FST_ERR_HANDLER_TIMEOUT") reservation.timedOut = true;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const reservation = reservations.get(request);
    if (!reservation) return payload;
    reservations.delete(request);
    const status = reply.statusCode;
    try {
      if (status >= 200 && status < 300 && (typeof payload === "string" || payload == null)) {
        const contentType = reply.getHeader("content-type");
        await db.execute(sql`
          update idempotency_keys
          set status_code = ${status}, response_body = ${payload ?? ""},
              content_type = ${typeof contentType === "string" ? contentType : null}
          where user_id = ${reservation.userId} and key = ${reservation.key} and holder = ${reservation.holder}`);
      } else if (!reservation.timedOut) {
        await release(db, reservation);
      }
    } catch (error) {
      // The answer still goes out. A 2xx whose answer could not be stored leaves the key reserved
      // until its lease ends (a retry gets 409 meanwhile, never a second write). A release that
      // failed (the database went away with the request) is tried again every second while the
      // lease lasts, so a retry need not wait for the lease once the database is back.
      request.log.warn({ err: error }, "idempotency key not updated");
      if (!(reply.statusCode >= 200 && reply.statusCode < 300) && !reservation.timedOut) {
        releaseLater(db, reservation, Date.now() + leaseMs);
      }
    }
    return payload;
  });
}

function releaseLater(db: Database, reservation: Reservation, until: number): void {
  const timer = setTimeout(() => {
    release(db, reservation).catch(() => {
      if (Date.now() < until) releaseLater(db, reservation, until);
    });
  }, 1000);
  // Never keeps a closing process alive: the lease frees the key anyway.
  timer.unref();
}

/** True when this request now holds the key (new, expired, or abandoned by a request that never finished). */
async function reserve(
  db: Database,
  { userId, key, holder }: Pick<Reservation, "userId" | "key" | "holder">,
  fingerprint: string,
  leaseMs: number,
) {
  const result = await db.execute(sql`
    insert into idempotency_keys (user_id, key, fingerprint, holder, locked_until)
    values (${userId}, ${key}, ${fingerprint}, ${holder}, now() + make_interval(secs => ${leaseMs / 1000}))
    on conflict (user_id, key) do update
      set fingerprint = excluded.fingerprint, status_code = null, response_body = null, content_type = null,
          holder = excluded.holder, locked_until = excluded.locked_until, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
         or (idempotency_keys.status_code is null and idempotency_keys.locked_until < now()
             and idempotency_keys.fingerprint = excluded.fingerprint)
    returning 1 as reserved`);
  return rowsOf(result).length > 0;
}

async function stored(db: Database, userId: number, key: string): Promise<StoredRow | undefined> {
  const result = await db.execute(sql`
    select fingerprint, status_code, response_body, content_type from idempotency_keys
    where user_id = ${userId} and key = ${key}`);
  return rowsOf(result)[0] as StoredRow | undefined;
}

async function release(db: Database, reservation: Reservation): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys
    where user_id = ${reservation.userId} and key = ${reservation.key} and holder = ${reservation.holder}
      and status_code is null`);
}

/** The request a key stands for: method, URL (with its query) and body as the route validated it. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash("sha256").update(request.method).update(" ").update(request.url).update("\n");
  // A multipart body is read by the handler, after this: its length stands for it.
  if (request.isMultipart()) hash.update(`multipart ${request.headers["content-length"] ?? ""}`);
  else hash.update(JSON.stringify(request.body ?? null));
  return hash.digest("hex");
}

/** drizzle's `execute` answers the rows on PGlite and a pg result on PostgreSQL. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result;
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

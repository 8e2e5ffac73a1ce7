import type { PassThrough } from "node:stream";
import {
  ADMIN_SETTINGS_MESSAGES,
  fieldError,
  SYSTEM_LOG_EXPORT_MAX,
  type TSystemLogEntry,
  type ZSystemLogQuery,
} from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, zonedDate, zonedTime, zonedToInstant } from "../../../platform/zoned-time.ts";
import { personNames } from "../../identity/index.ts";
import { streamWorkbook } from "../workbook-stream.ts";
import * as repository from "./repository.ts";

/**
 * The system log (spec 002 §2 `syslog`, §7 `GET utilities/dati/logs`): the platform's audit trail,
 * filtered by user, user type, action, entity, days (Italian time) and address; paged, or exported
 * as a workbook streamed in batches (constant memory, whatever the log's size).
 */

const TIME_ZONE = "Europe/Rome";
const BATCH = 1000;
const USER_TYPE_LABELS = ["Cittadino", "Operatore", "Amministratore"];

type Query = z.output<typeof ZSystemLogQuery>;

function filterOf(ctx: ModuleContext, query: Query): repository.LogFilter {
  let userId: number | undefined;
  if (query.user) {
    const id = ctx.ids.decode(query.user);
    // An id that names no one matches no row (-1), rather than widening the filter to everyone.
    userId = id ?? -1;
  }
  return {
    userId,
    userType: query.user_type,
    action: query.action,
    entity: query.entity,
    from: query.from ? new Date(zonedToInstant(query.from, "00:00", TIME_ZONE)) : undefined,
    to: query.to ? new Date(zonedToInstant(addDays(query.to, 1), "00:00", TIME_ZONE)) : undefined,
    ip: query.ip,
  };
}

function present(ctx: ModuleContext, row: repository.LogRow, names: Map<number, string>): TSystemLogEntry {
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    user: row.actorUserId === null ? null : ctx.ids.encode(row.actorUserId),
    user_name: row.actorUserId === null ? null : (names.get(row.actorUserId) ?? null),
    user_type: row.actorType,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    detail: row.detail ?? null,
    ip: row.ip,
    request_id: row.requestId,
  };
}

/** The names of a page's (or a batch's) users, in one read. */
const namesOf = (ctx: ModuleContext, rows: repository.LogRow[]) =>
  personNames(
    ctx.db,
    rows.flatMap((row) => (row.actorUserId === null ? [] : [row.actorUserId])),
  );

export async function listLog(ctx: ModuleContext, query: Query) {
  const { rows, total } = await repository.listLog(ctx.db, filterOf(ctx, query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const names = await namesOf(ctx, rows);
  return {
    data: rows.map((row) => present(ctx, row, names)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

const COLUMNS: Array<{ header: string; width: number; value: (e: TSystemLogEntry) => string }> = [
  { header: "Data", width: 12, value: (e) => italianDate(e.created_at) },
  { header: "Ora", width: 8, value: (e) => zonedTime(Date.parse(e.created_at), TIME_ZONE) },
  { header: "Utente", width: 24, value: (e) => e.user_name ?? e.user ?? "sistema" },
  {
    header: "Tipo utente",
    width: 16,
    value: (e) => (e.user_type === null ? "" : (USER_TYPE_LABELS[e.user_type] ?? "")),
  },
  { header: "Azione", width: 32, value: (e) => e.action },
  { header: "Entità", width: 20, value: (e) => e.entity },
  { header: "Identificativo", width: 16, value: (e) => e.entity_id ?? "" },
  { header: "Indirizzo IP", width: 18, value: (e) => e.ip ?? "" },
  { header: "Dettaglio", width: 80, value: (e) => (e.detail ? JSON.stringify(e.detail) : "") },
  { header: "Richiesta", width: 24, value: (e) => e.request_id ?? "" },
];

function italianDate(iso: string): string {
  const [year, month, day] = zonedDate(Date.parse(iso), TIME_ZONE).split("-");
  return `${day}/${month}/${year}`;
}

/**
 * The filtered log as an .xlsx stream: the count is checked first (over SYSTEM_LOG_EXPORT_MAX is a
 * 422), then rows are read in keyset batches and committed to the streaming writer one by one.
 */
export async function exportLog(
  ctx: ModuleContext,
  query: Query,
  log: FastifyBaseLogger,
): Promise<{ fileName: string; stream: PassThrough }> {
  const filter = filterOf(ctx, query);
  if ((await repository.countLog(ctx.db, filter)) > SYSTEM_LOG_EXPORT_MAX) {
    throw fieldError("from", ADMIN_SETTINGS_MESSAGES.tooManyRows);
  }
  const stream = streamWorkbook({
    sheetName: "Log di sistema",
    columns: COLUMNS,
    batchSize: BATCH,
    batch: async (beforeId) => {
      const rows = await repository.logBatch(ctx.db, filter, beforeId, BATCH);
      const names = await namesOf(ctx, rows);
      return rows.map((row) => ({ id: row.id, entry: present(ctx, row, names) }));
    },
    present: (item) => item.entry,
    log,
  });
  const today = zonedDate(Date.now(), TIME_ZONE);
  return { fileName: `log-di-sistema-${today}.xlsx`, stream };
}

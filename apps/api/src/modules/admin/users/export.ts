import { PassThrough, type Readable } from "node:stream";
import type { TAdminUser, TAdminUsersQuery, TPublicContact, TPublicContactsQuery } from "@cura/domain";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate, zonedTime } from "../../../platform/zoned-time.ts";
import * as repository from "./repository.ts";
import { filterOf, presentContact, presentUser } from "./service.ts";

/**
 * The XLS exports of the users, today's registrations and the public contacts: streamed (exceljs's
 * streaming writer), each row committed as it is written, the rows read in batches by key, so the
 * memory used does not grow with the list.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BATCH = 1000;
const ROME = "Europe/Rome";
const TYPE_LABELS: Record<number, string> = { 0: "Cittadino", 1: "Operatore", 2: "Amministratore" };

function italianDateTime(iso: string): string {
  const ms = Date.parse(iso);
  const [y, m, d] = zonedDate(ms, ROME).split("-");
  return `${d}/${m}/${y} ${zonedTime(ms, ROME)}`;
}

type Column<T> = { header: string; width: number; value: (row: T) => string };

const USER_COLUMNS: Column<TAdminUser>[] = [
  { header: "Cognome", width: 20, value: (u) => u.surname ?? "" },
  { header: "Nome", width: 20, value: (u) => u.name ?? "" },
  { header: "Codice fiscale", width: 20, value: (u) => u.cf ?? "" },
  { header: "E-mail", width: 32, value: (u) => u.email ?? "" },
  { header: "Tipo", width: 16, value: (u) => TYPE_LABELS[u.type] ?? String(u.type) },
  { header: "Stato", width: 10, value: (u) => u.status },
  { header: "Sospeso fino al", width: 18, value: (u) => (u.suspended_until ? italianDateTime(u.suspended_until) : "") },
  { header: "Azienda", width: 28, value: (u) => u.company?.name ?? "" },
  { header: "E-mail verificata", width: 10, value: (u) => (u.email_verified ? "sì" : "no") },
  { header: "Registrato il", width: 18, value: (u) => italianDateTime(u.created_at) },
];

const CONTACT_COLUMNS: Column<TPublicContact>[] = [
  { header: "Ricevuto il", width: 18, value: (c) => italianDateTime(c.created_at) },
  { header: "Nome", width: 24, value: (c) => c.name },
  { header: "E-mail", width: 32, value: (c) => c.email },
  { header: "Telefono", width: 16, value: (c) => c.phone ?? "" },
  { header: "Messaggio", width: 60, value: (c) => c.message },
  { header: "Consenso privacy", width: 10, value: (c) => (c.privacy ? "sì" : "no") },
];

/** A workbook of one sheet streamed from batches read after the last row's id. */
function streamed<Row extends { id: number }, Item>(
  sheetName: string,
  columns: Column<Item>[],
  batch: (afterId: number | null) => Promise<Row[]>,
  present: (row: Row) => Item,
  log: FastifyBaseLogger,
): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = "Cura";
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    let after: number | null = null;
    for (;;) {
      const rows = await batch(after);
      for (const row of rows) sheet.addRow(columns.map((c) => c.value(present(row)))).commit();
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, `${sheetName} export failed`);
    stream.destroy(error as Error);
  });
  return stream;
}

/** `GET users/registrati/export/xls`: every account the page's filters match, in the page's order. */
export function usersWorkbook(
  ctx: ModuleContext,
  query: Omit<TAdminUsersQuery, "page" | "per_page">,
  log: FastifyBaseLogger,
) {
  const filter = filterOf(ctx, query);
  const oldest = query.sort === "oldest";
  return streamed(
    "Utenti",
    USER_COLUMNS,
    (after) => repository.usersBatch(ctx.db, filter, after, BATCH, oldest),
    (row) => presentUser(ctx, row),
    log,
  );
}

/** `GET users/registrati/oggi/export/xls`: today's registrations. */
export function todayWorkbook(ctx: ModuleContext, log: FastifyBaseLogger) {
  const filter = { registeredSince: repository.periodStart("day") };
  return streamed(
    "Registrazioni di oggi",
    USER_COLUMNS,
    (after) => repository.usersBatch(ctx.db, filter, after, BATCH, false),
    (row) => presentUser(ctx, row),
    log,
  );
}

/** `GET users/contatti/pubblici/export/xls`. */
export function contactsWorkbook(
  ctx: ModuleContext,
  query: Omit<TPublicContactsQuery, "page" | "per_page">,
  log: FastifyBaseLogger,
) {
  const filter = { q: query.q || undefined, from: query.from, to: query.to };
  return streamed(
    "Contatti",
    CONTACT_COLUMNS,
    (after) => repository.contactsBatch(ctx.db, filter, after, BATCH),
    (row) => presentContact(ctx, row),
    log,
  );
}

/** The download's file name, with today's Italian date. */
export function fileName(prefix: string): string {
  return `${prefix}-${zonedDate(Date.now(), ROME)}.xlsx`;
}

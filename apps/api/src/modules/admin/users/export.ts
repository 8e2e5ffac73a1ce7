import type { TAdminUsersQuery, TPublicContact, TPublicContactsQuery } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate, zonedTime } from "../../../platform/zoned-time.ts";
import { streamWorkbook, type WorkbookColumn } from "../workbook-stream.ts";
import * as repository from "./repository.ts";
import { filterOf, presentContact, suspensionEnd, userStatus } from "./service.ts";

/**
 * The XLS exports of the users, today's registrations and the public contacts, streamed in batches
 * read by key (../workbook-stream.ts): the memory used does not grow with the list.
 */

export { XLSX_TYPE } from "../workbook-stream.ts";

const BATCH = 1000;
const ROME = "Europe/Rome";
const TYPE_LABELS: Record<number, string> = { 0: "Cittadino", 1: "Operatore", 2: "Amministratore" };

function italianDateTime(at: Date | string): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  const [y, m, d] = zonedDate(ms, ROME).split("-");
  return `${d}/${m}/${y} ${zonedTime(ms, ROME)}`;
}

/**
 * Read from the rows as the repository gives them, not from the page's answer (presentUser): the
 * workbook has no hashids, and encoding two per account was a third of the export's CPU at a million.
 */
const USER_COLUMNS: WorkbookColumn<repository.ListedUser>[] = [
  { header: "Cognome", width: 20, value: (u) => u.surname ?? "" },
  { header: "Nome", width: 20, value: (u) => u.name ?? "" },
  { header: "Codice fiscale", width: 20, value: (u) => u.cf ?? "" },
  { header: "E-mail", width: 32, value: (u) => u.email ?? "" },
  { header: "Tipo", width: 16, value: (u) => TYPE_LABELS[u.type] ?? String(u.type) },
  { header: "Stato", width: 10, value: userStatus },
  {
    header: "Sospeso fino al",
    width: 18,
    value: (u) => {
      const until = suspensionEnd(u);
      return until ? italianDateTime(until) : "";
    },
  },
  { header: "Azienda", width: 28, value: (u) => (u.companyId !== null ? (u.companyName ?? "") : "") },
  { header: "E-mail verificata", width: 10, value: (u) => (u.emailVerifiedAt !== null ? "sì" : "no") },
  { header: "Registrato il", width: 18, value: (u) => italianDateTime(u.createdAt) },
];

const CONTACT_COLUMNS: WorkbookColumn<TPublicContact>[] = [
  { header: "Ricevuto il", width: 18, value: (c) => italianDateTime(c.created_at) },
  { header: "Nome", width: 24, value: (c) => c.name },
  { header: "E-mail", width: 32, value: (c) => c.email },
  { header: "Telefono", width: 16, value: (c) => c.phone ?? "" },
  { header: "Messaggio", width: 60, value: (c) => c.message },
  { header: "Consenso privacy", width: 10, value: (c) => (c.privacy ? "sì" : "no") },
];

/** `GET users/registrati/export/xls`: every account the page's filters match, in the page's order. */
export function usersWorkbook(
  ctx: ModuleContext,
  query: Omit<TAdminUsersQuery, "page" | "per_page">,
  log: FastifyBaseLogger,
) {
  const filter = filterOf(ctx, query);
  const oldest = query.sort === "oldest";
  return streamWorkbook({
    sheetName: "Utenti",
    columns: USER_COLUMNS,
    batchSize: BATCH,
    batch: (after) => repository.usersBatch(ctx.db, filter, after, BATCH, oldest),
    present: (row) => row,
    log,
  });
}

/** `GET users/registrati/oggi/export/xls`: today's registrations. */
export function todayWorkbook(ctx: ModuleContext, log: FastifyBaseLogger) {
  const filter = { registeredSince: repository.periodStart("day") };
  return streamWorkbook({
    sheetName: "Registrazioni di oggi",
    columns: USER_COLUMNS,
    batchSize: BATCH,
    batch: (after) => repository.usersBatch(ctx.db, filter, after, BATCH, false),
    present: (row) => row,
    log,
  });
}

/** `GET users/contatti/pubblici/export/xls`. */
export function contactsWorkbook(
  ctx: ModuleContext,
  query: Omit<TPublicContactsQuery, "page" | "per_page">,
  log: FastifyBaseLogger,
) {
  const filter = { q: query.q || undefined, from: query.from, to: query.to };
  return streamWorkbook({
    sheetName: "Contatti",
    columns: CONTACT_COLUMNS,
    batchSize: BATCH,
    batch: (after) => repository.contactsBatch(ctx.db, filter, after, BATCH),
    present: (row) => presentContact(ctx, row),
    log,
  });
}

/** The download's file name, with today's Italian date. */
export function fileName(prefix: string): string {
  return `${prefix}-${zonedDate(Date.now(), ROME)}.xlsx`;
}

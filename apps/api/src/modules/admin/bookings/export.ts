import type { Readable } from "node:stream";
import { BOOKING_STATUS_LABELS, type TAdminBooking, type TAdminBookingsQuery } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate, zonedTime } from "../../../platform/zoned-time.ts";
import { adminBookingsBatch } from "../../bookings/index.ts";
import { streamWorkbook, type WorkbookColumn } from "../workbook-stream.ts";
import { filterOf, presentBooking } from "./service.ts";

/**
 * `GET admin/reservations?export=xls`: the whole filtered list, streamed in batches read by key
 * (../workbook-stream.ts): constant memory.
 */

export { XLSX_TYPE } from "../workbook-stream.ts";

const BATCH = 1000;
const ROME = "Europe/Rome";

function italianDateTime(iso: string | null): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  const [y, m, d] = zonedDate(ms, ROME).split("-");
  return `${d}/${m}/${y} ${zonedTime(ms, ROME)}`;
}

const COLUMNS: WorkbookColumn<TAdminBooking>[] = [
  { header: "Prenotata il", width: 18, value: (b) => italianDateTime(b.created_at) },
  { header: "Appuntamento", width: 18, value: (b) => italianDateTime(b.start_at) },
  { header: "Stato", width: 22, value: (b) => BOOKING_STATUS_LABELS[b.status] },
  { header: "Azienda", width: 30, value: (b) => b.company.name },
  {
    header: "Prestazione o farmaci",
    width: 40,
    value: (b) => b.service ?? b.products.map((p) => `${p.name} × ${p.quantity}`).join("; "),
  },
  { header: "Cognome", width: 20, value: (b) => b.citizen.surname ?? "" },
  { header: "Nome", width: 20, value: (b) => b.citizen.name ?? "" },
  { header: "Codice fiscale", width: 20, value: (b) => b.citizen.cf ?? "" },
  { header: "Per il familiare", width: 24, value: (b) => b.for_member ?? "" },
];

export function bookingsWorkbook(
  ctx: ModuleContext,
  query: Omit<TAdminBookingsQuery, "page" | "per_page">,
  log: FastifyBaseLogger,
): Readable {
  const filter = filterOf(ctx, query);
  return streamWorkbook({
    sheetName: query.section === "farmaci" ? "Farmaci" : "Visite e servizi",
    columns: COLUMNS,
    batchSize: BATCH,
    batch: (before) => adminBookingsBatch(ctx.db, filter, before, BATCH),
    present: (row) => presentBooking(ctx, row),
    log,
  });
}

export function fileName(section: string): string {
  return `prenotazioni-${section}-${zonedDate(Date.now(), ROME)}.xlsx`;
}

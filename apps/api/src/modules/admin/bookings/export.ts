import { PassThrough, type Readable } from "node:stream";
import { BOOKING_STATUS_LABELS, type TAdminBooking, type TAdminBookingsQuery } from "@cura/domain";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate, zonedTime } from "../../../platform/zoned-time.ts";
import { adminBookingsBatch } from "../../bookings/index.ts";
import { filterOf, presentBooking } from "./service.ts";

/**
 * `GET admin/reservations?export=xls`: the whole filtered list, streamed (exceljs's streaming
 * writer, each row committed as written, read in batches by key): constant memory.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BATCH = 1000;
const ROME = "Europe/Rome";

function italianDateTime(iso: string | null): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  const [y, m, d] = zonedDate(ms, ROME).split("-");
  return `${d}/${m}/${y} ${zonedTime(ms, ROME)}`;
}

const COLUMNS: Array<{ header: string; width: number; value: (b: TAdminBooking) => string }> = [
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
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = "Cura";
  const sheet = workbook.addWorksheet(query.section === "farmaci" ? "Farmaci" : "Visite e servizi", {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    let before: number | null = null;
    for (;;) {
      const rows = await adminBookingsBatch(ctx.db, filter, before, BATCH);
      for (const row of rows) sheet.addRow(COLUMNS.map((c) => c.value(presentBooking(ctx, row)))).commit();
      if (rows.length < BATCH) break;
      before = rows[rows.length - 1]?.id ?? before;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, "bookings export failed");
    stream.destroy(error as Error);
  });
  return stream;
}

export function fileName(section: string): string {
  return `prenotazioni-${section}-${zonedDate(Date.now(), ROME)}.xlsx`;
}

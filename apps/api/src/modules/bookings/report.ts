import {
  BOOKING_STATUS_LABELS,
  CANCELLATION_REASONS,
  fieldError,
  MAX_REPORT_ROWS,
  OPERATOR_BOOKING_MESSAGES,
  REFUSAL_REASONS,
  reportFileName,
  type TBookingSelection,
  type TOperatorBooking,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import { loadExcelJS } from "../../platform/heavy-libraries.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedDate, zonedTime } from "../../platform/zoned-time.ts";
import { ownCompanyId } from "../companies/index.ts";
import { selectionFilter } from "./bulk.ts";
import { presentOperatorBooking } from "./operator.ts";
import * as operatorRepository from "./operator-repository.ts";

/**
 * `POST reservations/company/massive/report`: the selected bookings of the operator's company as
 * an Excel workbook (exceljs), one row per booking in appointment order, Italian headers, dates
 * and times in Italian time. Over MAX_REPORT_ROWS is a 422: the filter must be narrowed.
 */

const TIME_ZONE = "Europe/Rome";

/** The report's columns, in order: Italian header, width, value. */
const COLUMNS: Array<{ header: string; width: number; value: (b: TOperatorBooking) => string }> = [
  { header: "Codice", width: 14, value: (b) => b.code },
  { header: "Stato", width: 22, value: (b) => BOOKING_STATUS_LABELS[b.status] },
  { header: "Prestazione", width: 30, value: (b) => b.health_service?.name ?? "Ordine di prodotti" },
  { header: "Cittadino", width: 28, value: (b) => `${b.citizen.surname} ${b.citizen.name}`.trim() },
  {
    header: "Per conto di",
    width: 24,
    value: (b) => (b.family_member ? `${b.family_member.surname} ${b.family_member.name}`.trim() : ""),
  },
  { header: "Data", width: 12, value: (b) => italianDate(b.start) },
  { header: "Ora inizio", width: 10, value: (b) => time(b.start) },
  { header: "Ora fine", width: 10, value: (b) => time(b.end) },
  {
    header: "Nuova data proposta",
    width: 20,
    value: (b) => (b.proposed_start ? `${italianDate(b.proposed_start)} ${time(b.proposed_start)}` : ""),
  },
  { header: "Note del cittadino", width: 36, value: (b) => b.notes ?? "" },
  { header: "Note dell'operatore", width: 36, value: (b) => b.operator_notes ?? "" },
  {
    header: "Motivo del rifiuto",
    width: 40,
    value: (b) => (b.refusal_reason ? (REFUSAL_REASONS[b.refusal_reason as keyof typeof REFUSAL_REASONS] ?? "") : ""),
  },
  {
    header: "Motivo dell'annullamento",
    width: 30,
    value: (b) =>
      b.cancellation_reason
        ? (CANCELLATION_REASONS[b.cancellation_reason as keyof typeof CANCELLATION_REASONS] ?? "")
        : "",
  },
  { header: "Richiesta il", width: 18, value: (b) => `${italianDate(b.created_at)} ${time(b.created_at)}` },
];

function italianDate(iso: string | null): string {
  if (!iso) return "";
  const [year, month, day] = zonedDate(Date.parse(iso), TIME_ZONE).split("-");
  return `${day}/${month}/${year}`;
}

const time = (iso: string | null): string => (iso ? zonedTime(Date.parse(iso), TIME_ZONE) : "");

export const REPORT_HEADERS = COLUMNS.map((c) => c.header);

export async function bookingsReport(
  ctx: ModuleContext,
  principal: Principal,
  selection: TBookingSelection,
): Promise<{ fileName: string; content: Buffer }> {
  const filter = selectionFilter(ctx, ownCompanyId(principal), selection);
  const { rows, total } = await operatorRepository.listForOperator(
    ctx.db,
    { ...filter, ascending: true },
    { limit: MAX_REPORT_ROWS, offset: 0 },
  );
  if (total > MAX_REPORT_ROWS) throw fieldError(selection.ids ? "ids" : "from", OPERATOR_BOOKING_MESSAGES.tooMany);

  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = "Cura";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet("Prenotazioni", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const booking = presentOperatorBooking(ctx, row);
    sheet.addRow(COLUMNS.map((c) => c.value(booking)));
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: reportFileName(selection.ids ? undefined : selection.from, selection.to), content };
}

import type { Readable } from "node:stream";
import {
  ADMIN_COMPANY_MESSAGES,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  fieldError,
  HEALTH_SERVICE_IMPORT_COLUMNS,
  type TAdminCompaniesQuery,
  type TAdminCompany,
  type TCompanyReportBody,
} from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import { loadExcelJS } from "../../../platform/heavy-libraries.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { companyAdministration as registry } from "../../companies/index.ts";
import { streamWorkbook, type WorkbookColumn } from "../workbook-stream.ts";
import { filterOf, presentCompany } from "./service.ts";

/**
 * The Excel workbooks of the administrator's companies: the filtered list (`GET companies?export=xls`,
 * streamed row by row, read in batches by key: constant memory however many companies), the massive
 * report of selected companies with their booking figures, and the import's template.
 */

export { XLSX_TYPE } from "../workbook-stream.ts";

const BATCH = 500;

const italianDate = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

const COMPANY_COLUMNS: WorkbookColumn<TAdminCompany>[] = [
  { header: "Nome", width: 36, value: (c) => c.name },
  { header: "Codice", width: 14, value: (c) => c.code },
  { header: "Tipo", width: 22, value: (c) => c.type_label },
  { header: "Sottotipo", width: 28, value: (c) => c.subtype_label ?? "" },
  { header: "Livello", width: 8, value: (c) => c.level },
  { header: "Comune", width: 20, value: (c) => c.comune ?? "" },
  { header: "Provincia", width: 10, value: (c) => c.provincia ?? "" },
  { header: "Regione", width: 18, value: (c) => c.regione ?? "" },
  { header: "E-mail", width: 30, value: (c) => c.email ?? "" },
  { header: "Telefono", width: 16, value: (c) => c.phone ?? "" },
  { header: "Stato", width: 12, value: (c) => (c.active ? "abilitata" : "disabilitata") },
  { header: "Operatori", width: 10, value: (c) => c.operators },
  { header: "Registrata il", width: 14, value: (c) => italianDate(c.created_at) },
];

/** `GET companies?export=xls`: the whole filtered list, streamed. */
export function companiesWorkbook(ctx: ModuleContext, query: TAdminCompaniesQuery, log: FastifyBaseLogger): Readable {
  const filter = filterOf(query);
  return streamWorkbook({
    sheetName: "Aziende",
    columns: COMPANY_COLUMNS,
    batchSize: BATCH,
    batch: (after) => registry.companiesAfter(ctx.db, filter, after ?? 0, BATCH),
    present: (row) => presentCompany(ctx, row),
    log,
  });
}

/** `POST companies/massive/report`: the selected companies with their bookings by status. */
export async function companiesReport(ctx: ModuleContext, body: TCompanyReportBody): Promise<Buffer> {
  const ids = [...new Set(body.ids.map((h) => ctx.ids.decode(h)).filter((id): id is number => id !== null))];
  const rows = (await Promise.all(ids.map((id) => registry.companyWithCount(ctx.db, id)))).filter(
    (r): r is NonNullable<typeof r> => r !== null,
  );
  if (rows.length === 0) throw fieldError("ids", "Nessuna delle aziende selezionate esiste");
  rows.sort((a, b) => a.name.localeCompare(b.name, "it"));
  const counts = await registry.bookingCountsByCompany(
    ctx.db,
    rows.map((r) => r.id),
    { from: body.from, to: body.to },
  );
  const figures = new Map<number, Map<string, number>>();
  for (const c of counts) {
    const map = figures.get(c.companyId) ?? new Map<string, number>();
    map.set(c.status, Number(c.count));
    figures.set(c.companyId, map);
  }
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = "Cura";
  const sheet = workbook.addWorksheet("Aziende", { views: [{ state: "frozen", ySplit: 1 }] });
  const base = COMPANY_COLUMNS.filter((c) => !["E-mail", "Telefono"].includes(c.header));
  sheet.columns = [
    ...base.map((c) => ({ header: c.header, width: c.width })),
    { header: "Prenotazioni totali", width: 18 },
    ...BOOKING_STATUSES.map((s) => ({ header: `Prenotazioni: ${BOOKING_STATUS_LABELS[s]}`, width: 20 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const company = presentCompany(ctx, row);
    const map = figures.get(row.id) ?? new Map<string, number>();
    const total = [...map.values()].reduce((a, b) => a + b, 0);
    sheet.addRow([...base.map((c) => c.value(company)), total, ...BOOKING_STATUSES.map((s) => map.get(s) ?? 0)]);
  }
  if (body.from || body.to) {
    sheet.addRow([]);
    sheet.addRow([`Prenotazioni dal ${body.from ?? "inizio"} al ${body.to ?? "oggi"}`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import's template: the columns and two example rows, with the rules on a second sheet. */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = "Cura";
  const sheet = workbook.addWorksheet("Prestazioni");
  sheet.columns = HEALTH_SERVICE_IMPORT_COLUMNS.map((h) => ({ header: h, width: h === "descrizione" ? 40 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(["Misurazione della pressione", "In farmacia, senza appuntamento", 1, 15, 3, "", "sì"]);
  sheet.addRow(["Elettrocardiogramma", "", 1, 30, "25,50", 1, "sì"]);
  const rules = workbook.addWorksheet("Istruzioni");
  rules.columns = [
    { header: "colonna", width: 16 },
    { header: "regola", width: 90 },
  ];
  rules.getRow(1).font = { bold: true };
  for (const line of [
    ["nome", "Obbligatorio, al massimo 160 caratteri, non ripetuto nel file"],
    ["descrizione", "Facoltativa, al massimo 4000 caratteri"],
    ["servizio", "Riferimento del servizio della piattaforma da 1 a 12 (1 = Prenotazioni); vuoto vale 1"],
    ["durata_minuti", "Obbligatoria: durata di uno slot in minuti, da 5 a 480"],
    ["prezzo", "Facoltativo: euro, con la virgola o il punto per i decimali"],
    ["capienza", "Facoltativa: prenotazioni per slot da 1 a 1000"],
    ["attiva", "sì o no; vuoto vale sì"],
    ["", `Al massimo 1000 righe. ${ADMIN_COMPANY_MESSAGES.importInvalid.split(":")[0]}: nessuna viene importata.`],
  ])
    rules.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import {
  ADMIN_COMPANY_MESSAGES,
  DomainError,
  fieldError,
  HEALTH_SERVICE_IMPORT_COLUMNS,
  HEALTH_SERVICE_IMPORT_MAX_ROWS,
  type THealthServiceImportRowError,
  ZHealthServiceBody,
} from "@cura/domain";
import type ExcelJS from "exceljs";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { loadExcelJS } from "../../../platform/heavy-libraries.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { companyAdministration as registry } from "../../companies/index.ts";
import { type IncomingFile, invalidFile } from "../../files/index.ts";
import { companyOf } from "./service.ts";

/**
 * `POST companies/{id}/healthservices/import` (multipart, part `file`): a company's health services
 * from an Excel workbook (.xlsx) or a CSV with the template's columns, at most 1,000 rows. Every row is
 * checked first; any bad row is a 422 listing each row number (as the spreadsheet numbers it, the
 * header being row 1) with its messages, and nothing is imported. Otherwise all rows go in one
 * transaction, audited as one action.
 */

type Column = (typeof HEALTH_SERVICE_IMPORT_COLUMNS)[number];
type RawRow = { row: number; values: Partial<Record<Column, string>> };

const unreadable = () => fieldError("file", ADMIN_COMPANY_MESSAGES.importUnreadable);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return "";
  }
  return String(value);
}

const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function toRows(table: Array<{ row: number; cells: string[] }>): RawRow[] {
  const [header, ...body] = table;
  if (!header) throw fieldError("file", ADMIN_COMPANY_MESSAGES.importEmpty);
  const positions = new Map<Column, number>();
  header.cells.forEach((cell, i) => {
    const key = headerKey(cell) as Column;
    if (HEALTH_SERVICE_IMPORT_COLUMNS.includes(key)) positions.set(key, i);
  });
  if (!positions.has("nome") || !positions.has("durata_minuti")) throw unreadable();
  return body
    .filter((line) => line.cells.some((c) => c.trim() !== ""))
    .map((line) => ({
      row: line.row,
      values: Object.fromEntries([...positions].map(([column, i]) => [column, (line.cells[i] ?? "").trim()])),
    }));
}

async function readXlsx(bytes: Buffer): Promise<RawRow[]> {
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  const table: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    for (let i = 1; i <= Math.max(row.cellCount, HEALTH_SERVICE_IMPORT_COLUMNS.length); i++)
      cells.push(cellText(row.getCell(i).value));
    table.push({ row: number, cells });
  });
  return toRows(table);
}

/** CSV as spreadsheets write it: `;` or `,` separated (the header line decides), double-quoted fields. */
function readCsv(bytes: Buffer): RawRow[] {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const table: Array<{ row: number; cells: string[] }> = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      cells.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(field);
      table.push({ row: startLine, cells });
      cells = [];
      field = "";
      line++;
      startLine = line;
    } else field += ch;
  }
  if (field !== "" || cells.length > 0) {
    cells.push(field);
    table.push({ row: startLine, cells });
  }
  return toRows(table);
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/** Whether a file is text (a CSV): no NUL byte in its first kilobytes. */
const isText = (bytes: Buffer) => !bytes.subarray(0, 4096).includes(0);

function parseNumber(text: string): number | null {
  const normal = text.replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}

const YES = new Set(["sì", "si", "s", "true", "1", "x", "yes"]);
const NO = new Set(["no", "n", "false", "0"]);

export type ImportedService = {
  name: string;
  description: string | null;
  positionRef: number;
  slotMinutes: number;
  priceCents: number | null;
  capacity: number | null;
  active: boolean;
};

/** The body's field each column fills: the rules are those of a service created one by one (ZHealthServiceBody). */
const COLUMN_OF: Record<string, Column> = {
  name: "nome",
  description: "descrizione",
  position_ref: "servizio",
  slot_minutes: "durata_minuti",
  price: "prezzo",
  capacity: "capienza",
  active: "attiva",
};

/** A number as a spreadsheet writes it (decimal comma); the text itself when it is none (the schema says so). */
const numberOrText = (text: string | undefined) => (text ? (parseNumber(text) ?? text) : undefined);

/** Checks every row; returns the services, or each bad row with its messages. */
export function checkRows(rows: RawRow[]): { services: ImportedService[]; errors: THealthServiceImportRowError[] } {
  const services: ImportedService[] = [];
  const errors: THealthServiceImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const messages: string[] = [];
    const flag = (values.attiva ?? "").toLowerCase();
    const parsed = ZHealthServiceBody.safeParse({
      name: values.nome ?? "",
      description: values.descrizione || null,
      position_ref: numberOrText(values.servizio),
      slot_minutes: numberOrText(values.durata_minuti),
      price: numberOrText(values.prezzo?.replace("€", "").trim()),
      capacity: numberOrText(values.capienza),
      active: flag ? YES.has(flag) : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        messages.push(`${COLUMN_OF[field] ?? field}: ${issue.message}`);
      }
    }
    if (flag && !YES.has(flag) && !NO.has(flag)) messages.push("attiva: scrivi sì o no");
    const name = parsed.success ? parsed.data.name : (values.nome ?? "");
    if (name) {
      const first = seen.get(name.toLowerCase());
      if (first !== undefined) messages.push(`nome: prestazione già presente alla riga ${first}`);
      else seen.set(name.toLowerCase(), row);
    }
    if (messages.length > 0 || !parsed.success) errors.push({ row, messages });
    else
      services.push({
        name: parsed.data.name,
        description: parsed.data.description,
        positionRef: parsed.data.position_ref,
        slotMinutes: parsed.data.slot_minutes,
        priceCents: parsed.data.price == null ? null : Math.round(parsed.data.price * 100),
        capacity: parsed.data.capacity ?? null,
        active: parsed.data.active,
      });
  }
  return { services, errors };
}

export async function importHealthServices(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  files: IncomingFile[],
): Promise<number> {
  const company = await companyOf(ctx, hashid);
  const file = files[0];
  if (!file || file.bytes.length === 0) throw invalidFile();
  const lower = file.filename.toLowerCase();
  let rows: RawRow[];
  if (isZip(file.bytes)) rows = await readXlsx(file.bytes);
  else if ((lower.endsWith(".csv") || lower.endsWith(".txt") || !lower.includes(".")) && isText(file.bytes))
    rows = readCsv(file.bytes);
  else throw unreadable();
  if (rows.length === 0) throw fieldError("file", ADMIN_COMPANY_MESSAGES.importEmpty);
  if (rows.length > HEALTH_SERVICE_IMPORT_MAX_ROWS) throw fieldError("file", ADMIN_COMPANY_MESSAGES.importTooMany);
  const { services, errors } = checkRows(rows);
  if (errors.length > 0) {
    throw new DomainError("validation", {
      message: ADMIN_COMPANY_MESSAGES.importInvalid,
      errors: { file: errors.map((e) => `Riga ${e.row}: ${e.messages.join("; ")}`) },
      extra: { rows: errors },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const imported = await registry.insertHealthServices(
      tx,
      services.map((s) => ({ ...s, companyId: company.id })),
    );
    await recordAudit(tx, actorOf(request), {
      action: "health_services.imported",
      entity: "company",
      entityId: company.id,
      companyId: company.id,
      detail: {
        before: null,
        after: { imported, names: services.map((s) => s.name).slice(0, 50) },
        file: file.filename,
      },
    });
    return imported;
  });
}

import type ExcelJS from "exceljs";
import type { FileTypeResult } from "file-type";
import type PDFDocument from "pdfkit";

/**
 * Libraries only a few routes need, imported on first use: loaded at start, exceljs alone kept
 * about 35 MB resident in every API process that never writes a workbook, pdfkit about 30 MB more
 * (docs/performance.md "Start and memory"; pdfmake is loaded the same way in pdf.ts). Both are
 * CommonJS: Node's ESM import answers their `module.exports` as `default`, which their typings
 * describe as the module itself.
 */

export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return ((await import("exceljs")) as unknown as { default: typeof ExcelJS }).default;
}

/** fflate (ZIP), for the streamed workbooks (platform/xlsx.ts); pdfkit loads it too. */
export async function loadFflate(): Promise<typeof import("fflate")> {
  return import("fflate");
}

export async function loadPdfKit(): Promise<typeof PDFDocument> {
  return ((await import("pdfkit")) as unknown as { default: typeof PDFDocument }).default;
}

/**
 * The file's type from its first bytes (file-type), imported with the first upload or download
 * that asks: 10 MB resident at start otherwise (issue 15, with ics and openid-client).
 */
export async function fileTypeFromBuffer(bytes: Uint8Array): Promise<FileTypeResult | undefined> {
  return (await import("file-type")).fileTypeFromBuffer(bytes);
}

/** ics, imported with the first calendar file. */
export async function loadIcs(): Promise<typeof import("ics")> {
  return import("ics");
}

import { constants, deflateRawSync } from "node:zlib";
import type { Zip, ZipPassThrough } from "fflate";

/**
 * A workbook of one sheet written as it goes: the sheet's XML is written row by row into one reused
 * buffer and deflated into the ZIP 64 KB at a time, so memory holds a piece, not the sheet. fflate
 * lays out the ZIP; Node's zlib compresses (fflate's own deflate, in JavaScript, took about three
 * times the CPU and left its output buffers to the garbage collector). It writes what the exports
 * need and nothing else: inline text and number cells, a bold header row frozen at the top, column
 * widths. exceljs's streaming writer did the same with a row and a cell object per value, and 14 MB
 * of its own code once loaded (docs/performance.md, "Survey report at scale"); exceljs still reads
 * the uploaded workbooks and writes the small ones.
 *
 * Text cells are inline strings, never formulas: a value starting with "=" stays text in Excel.
 */

export type XlsxColumn = { header: string; width: number };
export type XlsxValue = string | number;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit for a cell's text: longer text makes it refuse the whole file. */
const CELL_TEXT_MAX = 32_767;
const FLUSH_AT = 64 * 1024;
const TEXT_CELL = '" t="inlineStr"><is><t xml:space="preserve">';
const BOLD_TEXT_CELL = '" s="1" t="inlineStr"><is><t xml:space="preserve">';

// Characters XML 1.0 does not allow (C0 controls but tab and line breaks, U+FFFE/U+FFFF, lone
// surrogates): an answer holding one would make the whole file unreadable.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

export function xmlText(value: string): string {
  // Most answers need nothing: tested first, they are used as they are.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Excel's rules for a sheet's name: 1–31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Foglio1";
}

function fixedParts(name: string, created: Date): Array<[string, string]> {
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        "</Relationships>",
    ],
    [
      "docProps/core.xml",
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>Cura</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().slice(0, 19)}Z</dcterms:created>` +
        "</cp:coreProperties>",
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    ],
    [
      "xl/styles.xml",
      // Style 0 is plain, style 1 bold (the header).
      `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        "</styleSheet>",
    ],
  ];
}

/**
 * A ZIP entry compressed by zlib, each piece on its own (fflate's documented extension point: it
 * keeps the entry's CRC and size of the data as pushed). A piece ends with a sync flush, the last
 * with the end of the stream: the pieces' raw deflate streams, joined, are one stream.
 */
function zlibEntry(fflate: typeof import("fflate"), path: string): ZipPassThrough {
  const entry = new fflate.ZipPassThrough(path);
  entry.compression = 8;
  (entry as unknown as { process: (chunk: Uint8Array, final: boolean) => void }).process = (chunk, final) => {
    const deflated = deflateRawSync(chunk, { finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
    entry.ondata(null, deflated, final);
  };
  return entry;
}

export class XlsxSheetWriter {
  private readonly zip: Zip;
  private readonly sheet: ZipPassThrough;
  private readonly letters: string[];
  /**
   * The XML not yet deflated, written piece by piece into one reused buffer and deflated 64 KB at a
   * time: the rows' text is never built up as strings (a string per `+=` left behind for the
   * collector made 150 MB of garbage for 10,000 rows, and with it collections that grew the
   * process's memory).
   */
  private readonly buffer = Buffer.allocUnsafeSlow(FLUSH_AT * 2);
  private used = 0;
  private rowNumber = 0;

  /**
   * `emit` receives the file's bytes in order; its last call has `final` set. The header row is
   * written at once.
   */
  constructor(
    fflate: typeof import("fflate"),
    options: { sheetName: string; columns: XlsxColumn[]; emit: (chunk: Uint8Array, final: boolean) => void },
  ) {
    const { columns, emit } = options;
    this.letters = columns.map((_, i) => columnLetters(i));
    this.zip = new fflate.Zip((error, chunk, final) => {
      if (error) throw error;
      emit(chunk, final);
    });
    const encoder = new TextEncoder();
    for (const [path, xml] of fixedParts(options.sheetName, new Date())) {
      const part = zlibEntry(fflate, path);
      this.zip.add(part);
      part.push(encoder.encode(xml), true);
    }
    this.sheet = zlibEntry(fflate, "xl/worksheets/sheet1.xml");
    this.zip.add(this.sheet);
    const widths = columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${Number(c.width) || 10}" customWidth="1"/>`)
      .join("");
    this.put(
      `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
        `<cols>${widths}</cols><sheetData>`,
    );
    this.writeRow(
      columns.map((c) => c.header),
      true,
    );
  }

  /** A row of values in the columns' order; an empty text leaves its cell empty. */
  addRow(values: readonly XlsxValue[]): void {
    this.writeRow(values, false);
    if (this.used >= FLUSH_AT) this.flush(false);
  }

  private writeRow(values: readonly XlsxValue[], bold: boolean): void {
    const r = String(++this.rowNumber);
    this.put('<row r="');
    this.put(r);
    this.put('">');
    for (let i = 0; i < values.length && i < this.letters.length; i++) {
      const value = values[i];
      const isNumber = typeof value === "number" && Number.isFinite(value);
      const text = isNumber ? String(value) : String(value ?? "");
      if (text === "") continue;
      this.put('<c r="');
      this.put(this.letters[i] as string);
      this.put(r);
      if (isNumber) {
        this.put(bold ? '" s="1"><v>' : '"><v>');
        this.put(text);
        this.put("</v></c>");
      } else {
        this.put(bold ? BOLD_TEXT_CELL : TEXT_CELL);
        this.put(xmlText(text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text));
        this.put("</t></is></c>");
      }
    }
    this.put("</row>");
  }

  /** Appends XML to the buffer, deflating what it holds first when the piece might not fit. */
  private put(xml: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (this.used + xml.length * 3 > this.buffer.length) {
      this.flush(false);
      if (xml.length * 3 > this.buffer.length) {
        this.sheet.push(Buffer.from(xml, "utf8"), false);
        return;
      }
    }
    this.used += this.buffer.write(xml, this.used, "utf8");
  }

  /** Closes the sheet and the file: `emit` gets the rest, the last call with `final`. */
  finish(): void {
    this.put("</sheetData></worksheet>");
    this.flush(true);
    this.zip.end();
  }

  /** Deflates what the buffer holds (synchronously: the buffer is free again on return). */
  private flush(final: boolean): void {
    this.sheet.push(this.buffer.subarray(0, this.used), final);
    this.used = 0;
  }
}

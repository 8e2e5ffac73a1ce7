import ExcelJS from "exceljs";
import * as fflate from "fflate";
import { describe, expect, it } from "vitest";
import { columnLetters, type XlsxColumn, XlsxSheetWriter, type XlsxValue } from "./xlsx.ts";

/** The writer's whole file, and the pieces it was emitted in. */
function write(columns: XlsxColumn[], rows: XlsxValue[][], sheetName = "Prova") {
  const chunks: Uint8Array[] = [];
  let finals = 0;
  const writer = new XlsxSheetWriter(fflate, {
    sheetName,
    columns,
    emit: (chunk, final) => {
      chunks.push(chunk);
      if (final) finals += 1;
    },
  });
  for (const row of rows) writer.addRow(row);
  writer.finish();
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, finals };
}

async function read(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return { workbook, sheet };
}

describe("XlsxSheetWriter", () => {
  it("writes a workbook Excel's readers open: a bold frozen header, widths, text and numbers", async () => {
    const { bytes, finals } = write(
      [
        { header: "Nome", width: 28 },
        { header: "Età", width: 8 },
      ],
      [
        ["Maria Rossi", 54],
        ["Giuseppe", 3.5],
      ],
      "Compilazioni",
    );
    expect(finals).toBe(1);
    const { workbook, sheet } = await read(bytes);
    expect(workbook.creator).toBe("Cura");
    expect(sheet.name).toBe("Compilazioni");
    expect(sheet.getRow(1).values).toEqual([undefined, "Nome", "Età"]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell("A2").font?.bold).toBeFalsy();
    expect(sheet.getCell("A2").value).toBe("Maria Rossi");
    expect(sheet.getCell("B2").value).toBe(54);
    expect(sheet.getCell("B3").value).toBe(3.5);
    expect(sheet.getColumn(1).width).toBe(28);
    expect(sheet.getColumn(2).width).toBe(8);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  it("keeps any text as text: markup, formulas, quotes, emoji, spaces; drops what XML cannot carry", async () => {
    const tricky = [
      "a & b < c > d \"e\" 'f'",
      '=HYPERLINK("http://x")',
      "  spazi  ",
      "riga 1\nriga 2\ttab",
      "😀 ok",
      "nul\u0000 e\u0008 ctl\u001F",
      "lone \uD800 surrogate",
      "x".repeat(40_000),
    ];
    const { bytes } = write(
      [{ header: '<Testo> & "altro"', width: 20 }],
      tricky.map((text) => [text]),
      "Foglio: [1]/2?",
    );
    const { sheet } = await read(bytes);
    expect(sheet.name).toBe("Foglio   1  2 ");
    expect(sheet.getCell("A1").value).toBe('<Testo> & "altro"');
    expect(sheet.getCell("A2").value).toBe("a & b < c > d \"e\" 'f'");
    // A text cell, never a formula.
    expect(sheet.getCell("A3").value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getCell("A3").formula).toBeUndefined();
    expect(sheet.getCell("A4").value).toBe("  spazi  ");
    expect(sheet.getCell("A5").value).toBe("riga 1\nriga 2\ttab");
    expect(sheet.getCell("A6").value).toBe("😀 ok");
    expect(sheet.getCell("A7").value).toBe("nul e ctl");
    expect(sheet.getCell("A8").value).toBe("lone  surrogate");
    // Excel refuses a file with a cell over 32,767 characters.
    expect(String(sheet.getCell("A9").value)).toHaveLength(32_767);
  });

  it("leaves empty texts empty, writes non-finite numbers as text, and ignores values past the last column", async () => {
    const { bytes } = write(
      [
        { header: "A", width: 5 },
        { header: "B", width: 5 },
      ],
      [
        ["", Number.NaN, "fuori"],
        [0, ""],
      ],
    );
    const { sheet } = await read(bytes);
    expect(sheet.getCell("A2").value).toBeNull();
    expect(sheet.getCell("B2").value).toBe("NaN");
    expect(sheet.getCell("C2").value).toBeNull();
    expect(sheet.getCell("A3").value).toBe(0);
    expect(sheet.getCell("B3").value).toBeNull();
  });

  it("names columns past Z as Excel does, and emits a long sheet in pieces as it goes", async () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual([
      "A",
      "Z",
      "AA",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
      "XFD",
    ]);
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `Domanda ${i + 1}`, width: 30 }));
    const rows = Array.from({ length: 5_000 }, (_, r) => columns.map((_, c) => (c % 2 ? `risposta ${r}-${c}` : r * c)));
    const { bytes, chunks } = write(columns, rows);
    expect(chunks).toBeGreaterThan(10);
    const { sheet } = await read(bytes);
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getCell("AD5001").value).toBe("risposta 4999-29");
    expect(sheet.getCell("AC5001").value).toBe(4999 * 28);
  });
});

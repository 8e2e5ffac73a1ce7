import { PassThrough } from "node:stream";
import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { loadExcelJS } from "../../platform/heavy-libraries.ts";

/**
 * The back office's XLS exports (users, contacts, companies, bookings, system log): one sheet
 * written by exceljs's streaming writer, each row committed as it is written, the rows read in
 * batches by key. The next batch is read only when the reader has taken what was written (the
 * stream's backpressure), and none once the download is gone: memory holds about one batch, however
 * long the list and however slow the client. Nothing is read before the answer is being sent: a stream
 * that is never sent (its request ran out of time first, platform/downloads.ts) reads nothing. Such a
 * download lasts minutes at a million rows: its routes say `config: { download: true }`.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type WorkbookColumn<T> = { header: string; width: number; value: (item: T) => string | number };

/** Resolves once the reader has drained the buffer, or at once when the stream is closed (client gone). */
/**
 * exceljs gives each new cell a style object of its own, which its style registry serialises and
 * looks up cell by cell (a third of the users export's CPU); it remembers the objects it has seen, so
 * cells sharing one are looked up once. One per value type: the registry files a number's and a
 * text's empty style apart.
 */
const PLAIN_TEXT = {};
const PLAIN_NUMBER = {};

function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed || !stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

export function streamWorkbook<Row extends { id: number }, Item>(options: {
  sheetName: string;
  columns: WorkbookColumn<Item>[];
  batchSize: number;
  /** The rows after the last one written (null: the first batch), at most batchSize, in the export's order. */
  batch: (afterId: number | null) => Promise<Row[]>;
  present: (row: Row) => Item;
  log: FastifyBaseLogger;
}): PassThrough {
  const { sheetName, columns, batchSize, batch, present, log } = options;
  const stream = new PassThrough();
  const write = async () => {
    const ExcelJS = await loadExcelJS();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    workbook.creator = "Cura";
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    let after: number | null = null;
    for (;;) {
      const rows = await batch(after);
      for (const row of rows) {
        const item = present(row);
        const values = columns.map((c) => c.value(item));
        const added = sheet.addRow(values);
        for (const [i, value] of values.entries()) {
          added.getCell(i + 1).style = typeof value === "number" ? PLAIN_NUMBER : PLAIN_TEXT;
        }
        added.commit();
      }
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]?.id ?? after;
      // A turn of the event loop: the compressor and the pipe to the reader run, and the buffer's
      // state is current (a batch answered from memory, as PGlite's may be, would never yield).
      await setImmediate();
      await drained(stream);
      // The download was cancelled: the rest of the list is not read.
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  // The stream flows once it is piped to the answer.
  stream.once("resume", () => {
    write().catch((error: unknown) => {
      log.error({ err: error }, `${sheetName} export failed`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return stream;
}

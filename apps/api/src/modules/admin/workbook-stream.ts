import { PassThrough } from "node:stream";
import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { loadFflate } from "../../platform/heavy-libraries.ts";
import { type XlsxColumn, XlsxSheetWriter } from "../../platform/xlsx.ts";

/**
 * The back office's XLS exports (users, contacts, companies, bookings, system log) and the surveys':
 * one sheet written as it goes (platform/xlsx.ts), the rows read in batches by key. The next batch
 * is read only when the reader has taken what was written (the stream's backpressure), and none once
 * the download is gone: memory holds about one batch, however long the list and however slow the
 * client. Nothing is read before the answer is being sent: a stream
 * that is never sent (its request ran out of time first, platform/downloads.ts) reads nothing. Such a
 * download lasts minutes at a million rows: its routes say `config: { download: true }`.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type WorkbookColumn<T> = XlsxColumn & { value: (item: T) => string | number };

/** Resolves once the reader has drained the buffer, or at once when the stream is closed (client gone). */
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
    const fflate = await loadFflate();
    // The download may have been cancelled while the library loaded.
    if (stream.destroyed) return;
    const sheet = new XlsxSheetWriter(fflate, {
      sheetName,
      columns,
      emit: (chunk, final) => {
        if (stream.destroyed) return;
        stream.write(chunk);
        if (final) stream.end();
      },
    });
    let after: number | null = null;
    for (;;) {
      const rows = await batch(after);
      for (const row of rows) {
        const item = present(row);
        sheet.addRow(columns.map((c) => c.value(item)));
      }
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]?.id ?? after;
      // A turn of the event loop: the pipe to the reader runs, and the buffer's state is current (a
      // batch answered from memory, as PGlite's may be, would never yield).
      await setImmediate();
      await drained(stream);
      // The download was cancelled: the rest of the list is not read.
      if (stream.destroyed) return;
    }
    sheet.finish();
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

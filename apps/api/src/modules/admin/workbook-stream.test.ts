import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { streamWorkbook } from "./workbook-stream.ts";

const BATCH = 1000;

/** An endless list of rows that do not compress, counting the batches read. */
function endless() {
  let reads = 0;
  let next = 1;
  const batch = async () => {
    reads += 1;
    return Array.from({ length: BATCH }, () => ({ id: next++, text: randomBytes(60).toString("hex") }));
  };
  return { batch, reads: () => reads };
}

describe("streamWorkbook", () => {
  it("reads nothing before it is sent, the next batch only as the reader takes the bytes, and none once the download is gone", async () => {
    const list = endless();
    const stream = streamWorkbook({
      sheetName: "Prova",
      columns: [{ header: "Testo", width: 20, value: (row: { text: string }) => row.text }],
      batchSize: BATCH,
      batch: list.batch,
      present: (row) => row,
      log: pino({ level: "silent" }),
    });
    // Not sent yet (a route that ran out of time before sending it never will): nothing is read.
    await sleep(300);
    expect(list.reads()).toBe(0);
    // Sent, then the reader stops reading: the writer stops once the buffers are full (a few batches
    // in the compressor and the pipe) and waits for the reader, instead of buffering the whole list.
    // Waited for until the count stops moving (a loaded machine fills them slowly), at most 10 s.
    stream.once("data", () => stream.pause());
    let waiting = -1;
    for (let i = 0; i < 40 && list.reads() !== waiting; i++) {
      waiting = list.reads();
      await sleep(250);
    }
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(50);
    await sleep(500);
    expect(list.reads()).toBe(waiting);
    // The reader takes some bytes: more batches follow.
    let received = 0;
    stream.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    stream.resume();
    await sleep(300);
    expect(list.reads()).toBeGreaterThan(waiting);
    expect(received).toBeGreaterThan(0);
    // The download is cancelled: no more reads.
    stream.destroy();
    await sleep(100);
    const atClose = list.reads();
    await sleep(300);
    expect(list.reads()).toBe(atClose);
  });
});

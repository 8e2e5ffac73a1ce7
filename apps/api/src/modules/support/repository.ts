import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { supportDownloads, supportTickets } from "./tables.ts";

export type NewTicket = typeof supportTickets.$inferInsert;
export type NewDownload = typeof supportDownloads.$inferInsert;

export async function insertTicket(db: Executor, row: NewTicket) {
  const [inserted] = await db.insert(supportTickets).values(row).returning();
  return inserted as typeof supportTickets.$inferSelect;
}

export async function setTicketEmailStatus(db: Executor, id: number, status: "sent" | "failed"): Promise<void> {
  await db.update(supportTickets).set({ emailStatus: status }).where(eq(supportTickets.id, id));
}

/** Every column but the bytes: what lists and metadata need. */
const listed = {
  id: supportDownloads.id,
  kind: supportDownloads.kind,
  scope: supportDownloads.scope,
  version: supportDownloads.version,
  title: supportDownloads.title,
  description: supportDownloads.description,
  isItalian: supportDownloads.isItalian,
  releaseDate: supportDownloads.releaseDate,
  fileName: supportDownloads.fileName,
  mimeType: supportDownloads.mimeType,
  sizeBytes: supportDownloads.sizeBytes,
  createdAt: supportDownloads.createdAt,
};
export type DownloadRow = { [K in keyof typeof listed]: (typeof supportDownloads.$inferSelect)[K] };

export async function insertDownload(db: Executor, row: NewDownload): Promise<DownloadRow> {
  const [inserted] = await db.insert(supportDownloads).values(row).returning(listed);
  return inserted as DownloadRow;
}

/** Manuals, newest release first; optionally one scope. Paged. */
export async function listManuals(
  db: Executor,
  options: { scope?: "cittadino" | "operatore"; limit: number; offset: number },
): Promise<{ rows: DownloadRow[]; total: number }> {
  const where = and(
    eq(supportDownloads.kind, "manuale"),
    options.scope ? eq(supportDownloads.scope, options.scope) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(listed)
      .from(supportDownloads)
      .where(where)
      .orderBy(desc(supportDownloads.releaseDate), desc(supportDownloads.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(supportDownloads).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Every downloadable of a scope (or all), for `GET downloads`: a few dozen rows at most. */
export async function listDownloads(db: Executor, scope?: "cittadino" | "operatore"): Promise<DownloadRow[]> {
  return db
    .select(listed)
    .from(supportDownloads)
    .where(scope ? eq(supportDownloads.scope, scope) : undefined)
    .orderBy(desc(supportDownloads.releaseDate), desc(supportDownloads.createdAt), desc(supportDownloads.id))
    .limit(500);
}

export async function findDownloadFile(db: Executor, id: number) {
  const [row] = await db
    .select({ fileName: supportDownloads.fileName, mimeType: supportDownloads.mimeType, bytes: supportDownloads.bytes })
    .from(supportDownloads)
    .where(eq(supportDownloads.id, id));
  return row ?? null;
}

export async function deleteDownload(db: Executor, id: number, kind: "manuale" | "video"): Promise<boolean> {
  const rows = await db
    .delete(supportDownloads)
    .where(and(eq(supportDownloads.id, id), eq(supportDownloads.kind, kind)))
    .returning({ id: supportDownloads.id });
  return rows.length > 0;
}

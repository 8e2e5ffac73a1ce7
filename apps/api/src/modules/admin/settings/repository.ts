import { and, desc, eq, gte, like, lt, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { systemSettings } from "./tables.ts";

export type SettingRow = typeof systemSettings.$inferSelect;

export async function listSettings(db: Executor): Promise<SettingRow[]> {
  return db.select().from(systemSettings).orderBy(systemSettings.key);
}

export async function findSetting(db: Executor, key: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  return row ?? null;
}

/** Locks the entry for the use case's transaction (two administrators saving at once stay in order). */
export async function lockSetting(db: Executor, key: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key)).for("update").limit(1);
  return row ?? null;
}

/** Inserts a new key; false when the key exists (a concurrent creation included). */
export async function insertSetting(db: Executor, row: typeof systemSettings.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(systemSettings)
    .values(row)
    .onConflictDoNothing({ target: systemSettings.key })
    .returning({ key: systemSettings.key });
  return rows.length > 0;
}

export async function upsertSetting(db: Executor, row: typeof systemSettings.$inferInsert): Promise<SettingRow> {
  const [saved] = await db
    .insert(systemSettings)
    .values(row)
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: {
        value: row.value,
        isPublic: row.isPublic,
        description: row.description,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved as SettingRow;
}

export async function deleteSetting(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .delete(systemSettings)
    .where(eq(systemSettings.key, key))
    .returning({ key: systemSettings.key });
  return rows.length > 0;
}

export interface LogFilter {
  userId?: number;
  userType?: number;
  action?: string;
  entity?: string;
  /** Instants: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
  ip?: string;
}

/** `like` with the user's text taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function logWhere(filter: LogFilter): SQL | undefined {
  return and(
    filter.userId !== undefined ? eq(auditLog.actorUserId, filter.userId) : undefined,
    filter.userType !== undefined ? eq(auditLog.actorType, filter.userType) : undefined,
    filter.action ? like(auditLog.action, `${escapeLike(filter.action)}%`) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
    filter.ip ? eq(auditLog.ip, filter.ip) : undefined,
  );
}

export type LogRow = typeof auditLog.$inferSelect;

/**
 * The audit log, newest first. Ordered by the primary key (bigserial, in insertion order, so in
 * time order): the sort always rides an index, whatever the filters.
 */
export async function listLog(
  db: Executor,
  filter: LogFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: LogRow[]; total: number }> {
  const where = logWhere(filter);
  const [rows, totals] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset),
    db.$count(auditLog, where),
  ]);
  return { rows, total: totals };
}

/** One batch of the export: keyset on the id (below `beforeId`), so memory stays constant. */
export async function logBatch(db: Executor, filter: LogFilter, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(logWhere(filter), beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function countLog(db: Executor, filter: LogFilter): Promise<number> {
  return db.$count(auditLog, logWhere(filter));
}

import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { agendaEvents } from "./tables.ts";

export type AgendaEventRow = typeof agendaEvents.$inferSelect;
export type NewAgendaEvent = typeof agendaEvents.$inferInsert;

export async function insertEvent(db: Executor, values: NewAgendaEvent): Promise<AgendaEventRow> {
  const [row] = await db.insert(agendaEvents).values(values).returning();
  return row as AgendaEventRow;
}

/** The user's event, or null (someone else's event is not found either). */
export async function findOwnEvent(db: Executor, userId: number, id: number): Promise<AgendaEventRow | null> {
  const rows = await db
    .select()
    .from(agendaEvents)
    .where(and(eq(agendaEvents.id, id), eq(agendaEvents.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateEvent(
  db: Executor,
  id: number,
  values: Partial<NewAgendaEvent>,
): Promise<AgendaEventRow | null> {
  const [row] = await db
    .update(agendaEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(agendaEvents.id, id))
    .returning();
  return row ?? null;
}

export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.delete(agendaEvents).where(eq(agendaEvents.id, id));
}

/** The user's events starting in [from, to), in time order. */
export function listEvents(db: Executor, userId: number, from: Date, to: Date, limit: number) {
  return db
    .select()
    .from(agendaEvents)
    .where(and(eq(agendaEvents.userId, userId), gte(agendaEvents.startAt, from), lt(agendaEvents.startAt, to)))
    .orderBy(asc(agendaEvents.startAt), asc(agendaEvents.id))
    .limit(limit);
}

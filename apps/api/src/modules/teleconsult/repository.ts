import { and, asc, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { teleconsultBookingJson } from "../bookings/index.ts";
import { familyMemberName, familyMemberSurname } from "../care/index.ts";
import { companyName } from "../companies/index.ts";
import { sessionIsLive } from "../identity/index.ts";
// Read only (the exception for names in docs/architecture.md "Boundaries"): the citizen's and the
// operator's names beside a teleconsultation, in the list's own query.
import { anagrafiche } from "../identity/tables.ts";
import { teleconsultAttachments, teleconsultOperatorStatus, teleconsults } from "./tables.ts";

export type TeleconsultRow = typeof teleconsults.$inferSelect;
export type NewTeleconsult = typeof teleconsults.$inferInsert;

export async function findTeleconsult(db: Executor, bookingId: number): Promise<TeleconsultRow | null> {
  const rows = await db.select().from(teleconsults).where(eq(teleconsults.bookingId, bookingId)).limit(1);
  return rows[0] ?? null;
}

export async function lockTeleconsult(db: Executor, bookingId: number): Promise<TeleconsultRow | null> {
  const rows = await db.select().from(teleconsults).where(eq(teleconsults.bookingId, bookingId)).for("update").limit(1);
  return rows[0] ?? null;
}

export async function insertTeleconsult(db: Executor, values: NewTeleconsult): Promise<void> {
  await db.insert(teleconsults).values(values);
}

export async function updateTeleconsult(
  db: Executor,
  bookingId: number,
  values: Partial<NewTeleconsult>,
): Promise<void> {
  await db.update(teleconsults).set(values).where(eq(teleconsults.bookingId, bookingId));
}

/** Sets connected_at when still null; answers the recorded value either way. */
export async function setConnectedOnce(db: Executor, bookingId: number, at: Date): Promise<Date> {
  const rows = await db
    .update(teleconsults)
    .set({ connectedAt: sql`coalesce(${teleconsults.connectedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(teleconsults.bookingId, bookingId))
    .returning({ connectedAt: teleconsults.connectedAt });
  return rows[0]?.connectedAt ?? at;
}

/** Sets ended_at once (and closes the request); answers whether this call ended it. */
export async function setEndedOnce(db: Executor, bookingId: number, at: Date, reason: string): Promise<boolean> {
  const rows = await db
    .update(teleconsults)
    .set({ endedAt: at, endReason: reason, open: false })
    .where(and(eq(teleconsults.bookingId, bookingId), isNull(teleconsults.endedAt)))
    .returning({ id: teleconsults.bookingId });
  return rows.length > 0;
}

/** Ends the calls not ended yet (their booking reached a final status): answers those it ended. */
export async function setManyEnded(
  db: Executor,
  bookingIds: number[],
  at: Date,
  reason: string,
): Promise<Array<{ id: number; kind: TeleconsultRow["kind"]; operatorId: number | null }>> {
  return db
    .update(teleconsults)
    .set({ endedAt: at, endReason: reason, open: false })
    .where(and(inArray(teleconsults.bookingId, bookingIds), isNull(teleconsults.endedAt)))
    .returning({ id: teleconsults.bookingId, kind: teleconsults.kind, operatorId: teleconsults.operatorId });
}

/** The citizen's open requests of a kind (normally at most one), newest first. */
export async function openOfUser(
  db: Executor,
  userId: number,
  kind: TeleconsultRow["kind"],
): Promise<TeleconsultRow[]> {
  return db
    .select()
    .from(teleconsults)
    .where(and(eq(teleconsults.userId, userId), eq(teleconsults.kind, kind), eq(teleconsults.open, true)))
    .orderBy(desc(teleconsults.createdAt));
}

/** Marks requests closed (their booking ended some other way: cancelled, refused, evaso). */
export async function closeRequests(db: Executor, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db.update(teleconsults).set({ open: false }).where(inArray(teleconsults.bookingId, bookingIds));
}

/** Waiting requests past their deadline, by id after `afterId` (the expiry job's batches). */
export async function expiredWaiting(db: Executor, now: Date, limit: number, afterId = 0): Promise<number[]> {
  const rows = await db
    .select({ id: teleconsults.bookingId })
    .from(teleconsults)
    .where(
      and(
        isNull(teleconsults.takenAt),
        eq(teleconsults.open, true),
        lte(teleconsults.deadline, now),
        gt(teleconsults.bookingId, afterId),
      ),
    )
    .orderBy(asc(teleconsults.bookingId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A teleconsultation with what its answer shows: the booking's state and the names beside it. */
const withNames = {
  t: teleconsults,
  booking: teleconsultBookingJson(teleconsults.bookingId),
  companyName: companyName(teleconsults.companyId),
  citizenName: anagrafiche.name,
  citizenSurname: anagrafiche.surname,
  memberName: familyMemberName(teleconsults.familyMemberId),
  memberSurname: familyMemberSurname(teleconsults.familyMemberId),
  operatorName: sql<
    string | null
  >`(select ${anagrafiche.name} from ${anagrafiche} where ${anagrafiche.userId} = ${teleconsults.operatorId})`,
  operatorSurname: sql<
    string | null
  >`(select ${anagrafiche.surname} from ${anagrafiche} where ${anagrafiche.userId} = ${teleconsults.operatorId})`,
};
export type TeleconsultWithNames = {
  t: TeleconsultRow;
  booking: { status: string; start: string | null; end: string | null; service: string | null } | null;
  companyName: string;
  citizenName: string | null;
  citizenSurname: string | null;
  memberName: string | null;
  memberSurname: string | null;
  operatorName: string | null;
  operatorSurname: string | null;
};

function selectWithNames(db: Executor) {
  return db.select(withNames).from(teleconsults).leftJoin(anagrafiche, eq(anagrafiche.userId, teleconsults.userId));
}

export async function findWithNames(db: Executor, bookingId: number): Promise<TeleconsultWithNames | null> {
  const rows = await selectWithNames(db).where(eq(teleconsults.bookingId, bookingId)).limit(1);
  return (rows[0] as TeleconsultWithNames | undefined) ?? null;
}

/** Teleconsultations, newest first, paged: of a company and kind (open or not), of a citizen, or all. */
export async function listWithNames(
  db: Executor,
  filter: { companyId?: number; kind?: TeleconsultRow["kind"]; userId?: number; open?: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: TeleconsultWithNames[]; total: number }> {
  const where = and(
    filter.companyId === undefined ? undefined : eq(teleconsults.companyId, filter.companyId),
    filter.kind === undefined ? undefined : eq(teleconsults.kind, filter.kind),
    filter.userId === undefined ? undefined : eq(teleconsults.userId, filter.userId),
    filter.open === undefined ? undefined : eq(teleconsults.open, filter.open),
  );
  const [rows, counted] = await Promise.all([
    selectWithNames(db)
      .where(where)
      .orderBy(desc(teleconsults.createdAt), desc(teleconsults.bookingId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(teleconsults).where(where),
  ]);
  return { rows: rows as TeleconsultWithNames[], total: counted[0]?.n ?? 0 };
}

// ─── Operator switches ────────────────────────────────────────────────────────────────────────

/** A switch counts while on and while the session that switched it on lives (logout, expiry: off). */
const switchedOn = and(
  eq(teleconsultOperatorStatus.active, true),
  sessionIsLive(teleconsultOperatorStatus.sessionId),
) as SQL;

export async function switchOf(db: Executor, userId: number, companyId: number, ref: number): Promise<boolean> {
  const rows = await db
    .select({ id: teleconsultOperatorStatus.userId })
    .from(teleconsultOperatorStatus)
    .where(
      and(
        eq(teleconsultOperatorStatus.userId, userId),
        eq(teleconsultOperatorStatus.companyId, companyId),
        eq(teleconsultOperatorStatus.positionRef, ref),
        switchedOn,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function setSwitch(
  db: Executor,
  input: { userId: number; companyId: number; ref: number; active: boolean; sessionId: number },
): Promise<void> {
  const values = { active: input.active, sessionId: input.active ? input.sessionId : null, updatedAt: new Date() };
  await db
    .insert(teleconsultOperatorStatus)
    .values({ userId: input.userId, companyId: input.companyId, positionRef: input.ref, ...values })
    .onConflictDoUpdate({
      target: [
        teleconsultOperatorStatus.userId,
        teleconsultOperatorStatus.companyId,
        teleconsultOperatorStatus.positionRef,
      ],
      set: values,
    });
}

/** The operators switched on for a ref (routing narrows them to qualifying companies). */
export async function operatorsOn(db: Executor, ref: number): Promise<number[]> {
  const rows = await db
    .select({ userId: teleconsultOperatorStatus.userId })
    .from(teleconsultOperatorStatus)
    .where(and(eq(teleconsultOperatorStatus.positionRef, ref), switchedOn));
  return rows.map((row) => row.userId);
}

// ─── Attachments ──────────────────────────────────────────────────────────────────────────────

export async function insertAttachments(
  db: Executor,
  bookingId: number,
  files: Array<{ id: number; name: string }>,
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(teleconsultAttachments)
    .values(files.map((file, position) => ({ bookingId, fileId: file.id, name: file.name, position })));
}

export type AttachmentRow = { bookingId: number; fileId: number; name: string };

/** The attachments of some teleconsultations (a page of a list: one query), in the citizen's order. */
export async function attachmentsOf(db: Executor, bookingIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const byBooking = new Map<number, AttachmentRow[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      bookingId: teleconsultAttachments.bookingId,
      fileId: teleconsultAttachments.fileId,
      name: teleconsultAttachments.name,
    })
    .from(teleconsultAttachments)
    .where(inArray(teleconsultAttachments.bookingId, [...new Set(bookingIds)]))
    .orderBy(asc(teleconsultAttachments.bookingId), asc(teleconsultAttachments.position));
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  return byBooking;
}

/** Whether this user is the operator assigned to a teleconsultation the file is attached to. */
export async function attachmentReadableByOperator(db: Executor, fileId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teleconsultAttachments.fileId })
    .from(teleconsultAttachments)
    .innerJoin(teleconsults, eq(teleconsults.bookingId, teleconsultAttachments.bookingId))
    .where(and(eq(teleconsultAttachments.fileId, fileId), eq(teleconsults.operatorId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function attachmentInUse(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teleconsultAttachments.fileId })
    .from(teleconsultAttachments)
    .where(eq(teleconsultAttachments.fileId, fileId))
    .limit(1);
  return rows.length > 0;
}

import type { AwaitingFilter, AwaitingKind, BookingStatus } from "@cura/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { isTransaction, preparedQuery } from "../../db/prepared.ts";
import { familyMemberName, familyMemberSurname } from "../care/index.ts";
import { companyName, healthServiceName } from "../companies/index.ts";
// Read only (the exception for names in docs/architecture.md "Boundaries"): the names shown beside a
// booking and beside each change of it, in the list's own query.
import { anagrafiche, users } from "../identity/tables.ts";
import type { BookingRow, BookingWithNames } from "./repository.ts";
import { AWAITING_WHERE, bookingEvents, bookings } from "./tables.ts";

/** The operator's queries: the worklist with what each booking awaits, selections, counts, history. */

export { HANDLED_ACTION } from "./awaiting.ts";

export type OperatorBookingRow = BookingWithNames & { awaiting: AwaitingKind | null };

export interface OperatorFilter {
  companyId: number;
  ids?: number[];
  status?: BookingStatus;
  healthServiceId?: number;
  /** Appointments starting at or after this instant. */
  from?: Date;
  /** Appointments starting before this instant. */
  to?: Date;
  awaiting?: AwaitingFilter;
  /** Bookings this operator changed or took charge of. */
  handledBy?: number;
  /** Earliest appointment first (the report). */
  ascending?: boolean;
}

function whereOf(filter: OperatorFilter): SQL | undefined {
  return and(
    eq(bookings.companyId, filter.companyId),
    filter.ids === undefined ? undefined : inArray(bookings.id, filter.ids),
    filter.status === undefined ? undefined : eq(bookings.status, filter.status),
    filter.healthServiceId === undefined ? undefined : eq(bookings.healthServiceId, filter.healthServiceId),
    filter.from === undefined ? undefined : gte(bookings.startAt, filter.from),
    filter.to === undefined ? undefined : lt(bookings.startAt, filter.to),
    // The column history.ts keeps, under a partial index per filter (tables.ts): no history read per row.
    filter.awaiting === undefined ? undefined : AWAITING_WHERE[filter.awaiting](bookings.awaiting),
    filter.handledBy === undefined
      ? undefined
      : sql`exists (select 1 from booking_events h where h.booking_id = ${bookings.id} and h.actor_user_id = ${filter.handledBy})`,
  );
}

/** Order: oldest request first for what awaits the operator, latest own action first, else latest appointment first. */
function orderOf(filter: OperatorFilter): SQL[] {
  if (filter.awaiting !== undefined) return [asc(bookings.createdAt), asc(bookings.id)];
  if (filter.handledBy !== undefined)
    return [
      sql`(select max(h.created_at) from booking_events h where h.booking_id = ${bookings.id} and h.actor_user_id = ${filter.handledBy}) desc`,
      desc(bookings.id),
    ];
  // Requests without a time yet (orders, preferences) wait for the company: newest-first lists show them on top.
  return [
    sql`${bookings.startAt} ${sql.raw(filter.ascending ? "asc nulls last" : "desc nulls first")}`,
    asc(bookings.id),
  ];
}

function selectForOperator(db: Executor) {
  return db
    .select({
      booking: bookings,
      serviceName: healthServiceName(bookings.healthServiceId),
      companyName: companyName(bookings.companyId),
      citizenName: anagrafiche.name,
      citizenSurname: anagrafiche.surname,
      memberName: familyMemberName(bookings.familyMemberId),
      memberSurname: familyMemberSurname(bookings.familyMemberId),
      awaiting: bookings.awaiting,
    })
    .from(bookings)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, bookings.userId));
}

/**
 * The worklist as the operator home asks for it (the whole list, or what awaits the operator),
 * prepared: the same page and count statements as listForOperator builds for those filters.
 */
type WorklistView = AwaitingFilter | "all";
const worklistViews = new Map<WorklistView, ReturnType<typeof preparedWorklist>>();

function preparedWorklist(view: WorklistView) {
  const filter = (companyId: number): OperatorFilter => ({
    companyId,
    ...(view === "all" ? {} : { awaiting: view }),
  });
  // A placeholder where the company's key goes: drizzle binds it when the statement runs.
  const where = whereOf(filter(sql.placeholder("companyId") as unknown as number));
  return {
    page: preparedQuery((db) =>
      selectForOperator(db)
        .where(where)
        .orderBy(...orderOf(filter(0)))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`bookings_worklist_${view}`),
    ),
    count: preparedQuery((db) =>
      db.select({ n: count() }).from(bookings).where(where).prepare(`bookings_worklist_count_${view}`),
    ),
  };
}

/** The prepared statements of a filter that names only the company (and what awaits), if it is one. */
function preparedWorklistOf(filter: OperatorFilter) {
  const named = Object.entries(filter).filter(([, value]) => value !== undefined);
  if (named.some(([key]) => key !== "companyId" && key !== "awaiting")) return null;
  const view = filter.awaiting ?? "all";
  let prepared = worklistViews.get(view);
  if (!prepared) {
    prepared = preparedWorklist(view);
    worklistViews.set(view, prepared);
  }
  return prepared;
}

export async function listForOperator(
  db: Executor,
  filter: OperatorFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OperatorBookingRow[]; total: number }> {
  const prepared = isTransaction(db) ? null : preparedWorklistOf(filter);
  // The page and its total go together (two statements, one round trip of waiting).
  if (prepared) {
    const [rows, totals] = await Promise.all([
      prepared.page(db as Database).execute({ companyId: filter.companyId, ...page }),
      prepared.count(db as Database).execute({ companyId: filter.companyId }),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    selectForOperator(db)
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The selected bookings of one company, locked in key order for a bulk change (at most `limit`). */
export async function lockSelection(db: Executor, filter: OperatorFilter, limit: number): Promise<BookingRow[]> {
  return db.select().from(bookings).where(whereOf(filter)).orderBy(asc(bookings.id)).limit(limit).for("update");
}

/** Appointments of one company by Italian date and status, from one instant to another. */
export async function countsByDay(
  db: Executor,
  companyId: number,
  from: Date,
  to: Date,
): Promise<Array<{ day: string; status: string; n: number }>> {
  const day = sql<string>`to_char(${bookings.startAt} at time zone 'Europe/Rome', 'YYYY-MM-DD')`;
  return db
    .select({ day, status: bookings.status, n: count() })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), gte(bookings.startAt, from), lt(bookings.startAt, to)))
    .groupBy(day, bookings.status);
}

export interface EventWithActor {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  detail: Record<string, unknown> | null;
  createdAt: Date;
  actorType: number | null;
  actorName: string | null;
  actorSurname: string | null;
}

/** A booking's history, oldest first, with who made each change. */
export async function historyOf(db: Executor, bookingId: number): Promise<EventWithActor[]> {
  return db
    .select({
      action: bookingEvents.action,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      detail: bookingEvents.detail,
      createdAt: bookingEvents.createdAt,
      actorType: users.type,
      actorName: anagrafiche.name,
      actorSurname: anagrafiche.surname,
    })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, bookingEvents.actorUserId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
}

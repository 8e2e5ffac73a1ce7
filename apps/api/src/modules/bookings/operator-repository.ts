import type { AwaitingFilter, AwaitingKind, BookingStatus } from "@cura/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
// Read only, as repository.ts: the names shown beside a booking and beside each change of it.
import { familyMembers } from "../care/tables.ts";
import { companies, healthServices } from "../companies/tables.ts";
import { anagrafiche, users } from "../identity/tables.ts";
import type { BookingRow, BookingWithNames } from "./repository.ts";
import { bookingEvents, bookings } from "./tables.ts";

/** The operator's queries: the worklist with what each booking awaits, selections, counts, history. */

/** Actions that change a booking's status (the state machine's, and its creation). */
const STATUS_ACTIONS = [
  "created",
  "confirm",
  "propose",
  "refuse",
  "close",
  "accept",
  "reject",
  "request_new_date",
  "cancel",
] as const;
/** An operator taking charge of (or acknowledging) a booking, without changing its status. */
export const HANDLED_ACTION = "handled";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** The latest status change of the booking in the outer query. */
const lastChange = sql<string | null>`(select e.action from booking_events e where e.booking_id = ${bookings.id}
  and e.action in (${inList(STATUS_ACTIONS)}) order by e.created_at desc, e.id desc limit 1)`;
/** The latest status change or taking charge. */
const lastAny = sql<string | null>`(select e.action from booking_events e where e.booking_id = ${bookings.id}
  and e.action in (${inList([...STATUS_ACTIONS, HANDLED_ACTION])}) order by e.created_at desc, e.id desc limit 1)`;

/**
 * What the booking waits for from the operator: a new request or a change request (ricevuto, by
 * its latest status change), or a citizen's cancellation or rejection no operator has acknowledged
 * yet (no taking charge after it).
 */
const awaiting = sql<AwaitingKind | null>`(case
  when ${bookings.status} = 'ricevuto' and ${lastChange} = 'request_new_date' then 'change_request'
  when ${bookings.status} = 'ricevuto' then 'new'
  when ${bookings.status} = 'annullato' and ${lastAny} = 'cancel' then 'cancelled'
  when ${bookings.status} = 'annullato' and ${lastAny} = 'reject' then 'proposal_rejected'
  else null end)`;

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
  const awaitingCondition =
    filter.awaiting === undefined
      ? undefined
      : filter.awaiting === "any"
        ? sql`${awaiting} is not null`
        : filter.awaiting === "new"
          ? sql`${awaiting} = 'new'`
          : sql`${awaiting} in ('change_request', 'cancelled', 'proposal_rejected')`;
  return and(
    eq(bookings.companyId, filter.companyId),
    filter.ids === undefined ? undefined : inArray(bookings.id, filter.ids),
    filter.status === undefined ? undefined : eq(bookings.status, filter.status),
    filter.healthServiceId === undefined ? undefined : eq(bookings.healthServiceId, filter.healthServiceId),
    filter.from === undefined ? undefined : gte(bookings.startAt, filter.from),
    filter.to === undefined ? undefined : lt(bookings.startAt, filter.to),
    awaitingCondition,
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

export async function listForOperator(
  db: Executor,
  filter: OperatorFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OperatorBookingRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({
      booking: bookings,
      serviceName: healthServices.name,
      companyName: companies.name,
      citizenName: anagrafiche.name,
      citizenSurname: anagrafiche.surname,
      memberName: familyMembers.name,
      memberSurname: familyMembers.surname,
      awaiting,
    })
    .from(bookings)
    .leftJoin(healthServices, eq(healthServices.id, bookings.healthServiceId))
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, bookings.userId))
    .leftJoin(familyMembers, eq(familyMembers.id, bookings.familyMemberId))
    .where(where)
    .orderBy(...orderOf(filter))
    .limit(page.limit)
    .offset(page.offset);
  const totals = await db.select({ n: count() }).from(bookings).where(where);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The selected bookings of one company, locked in key order for a bulk change (at most `limit`). */
export async function lockSelection(db: Executor, filter: OperatorFilter, limit: number): Promise<BookingRow[]> {
  return db.select().from(bookings).where(whereOf(filter)).orderBy(asc(bookings.id)).limit(limit).for("update");
}

/** The latest status change of one booking (what a change request is recognised by). */
export async function latestStatusAction(db: Executor, bookingId: number): Promise<string | null> {
  const rows = await db
    .select({ action: bookingEvents.action })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), inArray(bookingEvents.action, [...STATUS_ACTIONS])))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
    .limit(1);
  return rows[0]?.action ?? null;
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

import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { isTransaction, preparedQuery } from "../../db/prepared.ts";
import { familyMemberName, familyMemberSurname } from "../care/index.ts";
import { companyName, healthServiceIdsUnder, healthServiceName } from "../companies/index.ts";
// Read only (the exception for names in docs/architecture.md "Boundaries"): the citizen's name
// beside a booking, in the list's own query.
import { anagrafiche } from "../identity/tables.ts";
import { awaitingAfter } from "./awaiting.ts";
import { bookingEvents, bookings } from "./tables.ts";

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** A booking with the names its answer shows (the companies and care modules' read models). */
const withNames = {
  booking: bookings,
  serviceName: healthServiceName(bookings.healthServiceId),
  companyName: companyName(bookings.companyId),
  citizenName: anagrafiche.name,
  citizenSurname: anagrafiche.surname,
  memberName: familyMemberName(bookings.familyMemberId),
  memberSurname: familyMemberSurname(bookings.familyMemberId),
};
export type BookingWithNames = {
  booking: BookingRow;
  /** Null for a product order. */
  serviceName: string | null;
  companyName: string;
  citizenName: string | null;
  citizenSurname: string | null;
  /** Null when the booking is for the citizen. */
  memberName: string | null;
  memberSurname: string | null;
};

/** Statuses that hold a slot (the overlap option off: one of these makes the slot taken). */
export const ACTIVE_STATUSES = ["ricevuto", "in_attesa", "confermato"] as const;

function selectWithNames(db: Executor) {
  return db.select(withNames).from(bookings).leftJoin(anagrafiche, eq(anagrafiche.userId, bookings.userId));
}

export async function findBooking(db: Executor, id: number): Promise<BookingWithNames | null> {
  const rows = await selectWithNames(db).where(eq(bookings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Several bookings with their names, by id, in one statement. */
export async function findBookings(db: Executor, ids: number[]): Promise<Map<number, BookingWithNames>> {
  const rows = await selectWithNames(db).where(inArray(bookings.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.booking.id, row]));
}

/**
 * The booking with its names, its row locked for the rest of the transaction: one statement for a
 * change that shows or notifies with the names (a message, notes).
 */
export async function lockBookingWithNames(db: Executor, id: number): Promise<BookingWithNames | null> {
  const rows = await selectWithNames(db).where(eq(bookings.id, id)).for("update", { of: bookings }).limit(1);
  return rows[0] ?? null;
}

/** The booking row locked for the rest of the transaction (two changes of one booking never interleave). */
export async function lockBooking(db: Executor, id: number): Promise<BookingRow | null> {
  const rows = await db.select().from(bookings).where(eq(bookings.id, id)).for("update").limit(1);
  return rows[0] ?? null;
}

/**
 * A new booking, inserted with what it waits for from the company (awaiting.ts: a new request waits
 * for an answer), so that history.ts need not update it again in the same transaction.
 */
export async function insertBooking(db: Executor, values: NewBooking): Promise<number> {
  const awaiting =
    values.awaiting ?? awaitingAfter({ action: "created", from: null, to: values.status ?? "ricevuto" }) ?? null;
  const [row] = await db
    .insert(bookings)
    .values({ ...values, awaiting })
    .returning({ id: bookings.id });
  return (row as { id: number }).id;
}

/** Changes one booking; answers the row as it now is. */
export async function updateBooking(db: Executor, id: number, values: Partial<NewBooking>): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row as BookingRow;
}

/**
 * Moves several bookings in one statement, those still in one of the `from` statuses; answers the
 * ids it changed.
 */
export async function updateBookings(
  db: Executor,
  ids: number[],
  from: readonly BookingRow["status"][],
  values: Partial<NewBooking>,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inArray(bookings.id, ids), inArray(bookings.status, [...from])))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** History entries, in one statement. */
export async function insertEvents(db: Executor, values: Array<typeof bookingEvents.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(bookingEvents).values(values);
}

/** What these bookings now wait for from the company (history.ts keeps it with every change). */
export async function setAwaiting(db: Executor, ids: number[], awaiting: BookingRow["awaiting"]): Promise<void> {
  // Rows that already hold the value are left alone (closing confirmed bookings rewrites nothing).
  await db
    .update(bookings)
    .set({ awaiting })
    .where(and(inArray(bookings.id, ids), sql`${bookings.awaiting} is distinct from ${awaiting}`));
}

const intervalColumns = {
  start: bookings.startAt,
  end: bookings.endAt,
  proposedStart: bookings.proposedStartAt,
  proposedEnd: bookings.proposedEndAt,
};

/** activeIntervals of one health service, prepared: every week of slots a citizen opens reads it. */
const activeIntervalsOfService = preparedQuery((db) =>
  db
    .select(intervalColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, sql.placeholder("companyId")),
        eq(bookings.healthServiceId, sql.placeholder("healthServiceId")),
        inArray(bookings.status, [...ACTIVE_STATUSES]),
        or(
          and(lt(bookings.startAt, sql.placeholder("to")), gt(bookings.endAt, sql.placeholder("from"))),
          and(lt(bookings.proposedStartAt, sql.placeholder("to")), gt(bookings.proposedEndAt, sql.placeholder("from"))),
        ),
      ),
    )
    .prepare("bookings_active_intervals_of_service"),
);

/**
 * Intervals held by active bookings (and by the changes proposed to them) overlapping [from, to).
 * A request without a time yet (preferences) holds only the change proposed to it, if any.
 */
export async function activeIntervals(
  db: Executor,
  scope: { companyId: number; healthServiceId?: number; positionRef?: number },
  from: Date,
  to: Date,
): Promise<Array<{ start: Date | null; end: Date | null; proposedStart: Date | null; proposedEnd: Date | null }>> {
  if (scope.healthServiceId !== undefined && !isTransaction(db)) {
    // Placeholders skip the column's encoder: the instants go as ISO text, as the encoder writes them.
    return activeIntervalsOfService(db as Database).execute({
      companyId: scope.companyId,
      healthServiceId: scope.healthServiceId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
  }
  const byScope =
    scope.healthServiceId !== undefined
      ? eq(bookings.healthServiceId, scope.healthServiceId)
      : sql`${bookings.healthServiceId} in ${healthServiceIdsUnder(scope.companyId, scope.positionRef ?? -1)}`;
  return db
    .select(intervalColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, scope.companyId),
        byScope,
        inArray(bookings.status, [...ACTIVE_STATUSES]),
        or(
          and(lt(bookings.startAt, to), gt(bookings.endAt, from)),
          and(lt(bookings.proposedStartAt, to), gt(bookings.proposedEndAt, from)),
        ),
      ),
    );
}

export async function hasBookings(db: Executor, healthServiceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.healthServiceId, healthServiceId))
    .limit(1);
  return rows.length > 0;
}

export interface ListFilter {
  userId?: number;
  companyId?: number;
  status?: string;
  /** Any of these statuses (a tab of BOOKING_LIST_GROUPS). */
  statuses?: readonly string[];
  kind?: BookingRow["kind"];
  /** Appointments starting at or after this instant. */
  from?: Date;
  /** Appointments starting before this instant. */
  to?: Date;
  /** Of these health services: a subquery of their keys (the companies module's healthServiceIdsUnder). */
  healthServiceIn?: SQL;
}

function whereOf(filter: ListFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(bookings.userId, filter.userId),
    filter.companyId === undefined ? undefined : eq(bookings.companyId, filter.companyId),
    filter.status === undefined ? undefined : sql`${bookings.status} = ${filter.status}`,
    filter.statuses === undefined
      ? undefined
      : inArray(bookings.status, [...filter.statuses] as BookingRow["status"][]),
    filter.kind === undefined ? undefined : eq(bookings.kind, filter.kind),
    filter.from === undefined ? undefined : gte(bookings.startAt, filter.from),
    filter.to === undefined ? undefined : lt(bookings.startAt, filter.to),
    filter.healthServiceIn === undefined ? undefined : sql`${bookings.healthServiceId} in ${filter.healthServiceIn}`,
  );
}

/**
 * The unfiltered lists of one company or one citizen (the operator's and the citizen's bookings as
 * they open), prepared: the same page and count statements as listBookings builds for them.
 */
const ownerLists = {
  companyId: ownerList("companyId"),
  userId: ownerList("userId"),
};

function ownerList(column: "companyId" | "userId") {
  return {
    page: preparedQuery((db) =>
      selectWithNames(db)
        .where(eq(bookings[column], sql.placeholder("owner")))
        .orderBy(desc(bookings.startAt), asc(bookings.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`bookings_page_by_${column}`),
    ),
    count: preparedQuery((db) =>
      db
        .select({ n: count() })
        .from(bookings)
        .where(eq(bookings[column], sql.placeholder("owner")))
        .prepare(`bookings_count_by_${column}`),
    ),
  };
}

/** The owner of a filter that names only a company or only a citizen, if that is all it names. */
function onlyOwner(filter: ListFilter): { column: "companyId" | "userId"; id: number } | null {
  const named = Object.entries(filter).filter(([, value]) => value !== undefined);
  const [key, value] = named[0] ?? [];
  if (named.length !== 1 || (key !== "companyId" && key !== "userId") || typeof value !== "number") return null;
  return { column: key, id: value };
}

/** Bookings by appointment time (newest first unless `ascending`; the `first` status before the others), paged. */
export async function listBookings(
  db: Executor,
  filter: ListFilter,
  options: {
    limit: number;
    offset: number;
    ascending?: boolean;
    byCreation?: boolean;
    first?: string;
    /** False for a list without paging: the total is not counted (it would be read for nothing). */
    withTotal?: boolean;
  },
): Promise<{ rows: BookingWithNames[]; total: number }> {
  const owner = onlyOwner(filter);
  if (owner && !options.ascending && !options.byCreation && options.first === undefined && !isTransaction(db)) {
    const prepared = ownerLists[owner.column];
    const [rows, totals] = await Promise.all([
      prepared.page(db as Database).execute({ owner: owner.id, limit: options.limit, offset: options.offset }),
      options.withTotal === false ? null : prepared.count(db as Database).execute({ owner: owner.id }),
    ]);
    return { rows, total: totals ? (totals[0]?.n ?? 0) : rows.length };
  }
  const where = whereOf(filter);
  const column = options.byCreation ? bookings.createdAt : bookings.startAt;
  const first =
    options.first === undefined ? [] : [sql`case when ${bookings.status} = ${options.first} then 0 else 1 end`];
  const [rows, totals] = await Promise.all([
    selectWithNames(db)
      .where(where)
      .orderBy(...first, options.ascending ? asc(column) : desc(column), asc(bookings.id))
      .limit(options.limit)
      .offset(options.offset),
    options.withTotal === false ? null : db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: totals ? (totals[0]?.n ?? 0) : rows.length };
}

const latestOfUser = preparedQuery((db) =>
  selectWithNames(db)
    .where(eq(bookings.userId, sql.placeholder("userId")))
    .orderBy(desc(bookings.createdAt), asc(bookings.id))
    .limit(sql.placeholder("limit"))
    .prepare("bookings_latest_of_user"),
);

/** A citizen's most recent requests, newest first (their home page asks on every visit): prepared. */
export function listLatestOfUser(db: Database, userId: number, limit: number): Promise<BookingWithNames[]> {
  return latestOfUser(db).execute({ userId, limit });
}

/** Several bookings of one company, locked, for bulk changes. */
export async function lockCompanyBookings(db: Executor, companyId: number, ids: number[]): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)))
    .orderBy(asc(bookings.id))
    .for("update");
}

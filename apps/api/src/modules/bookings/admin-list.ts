import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { familyMemberName, familyMemberSurname } from "../care/index.ts";
import { companyName, healthServiceName } from "../companies/index.ts";
// Read only (the exception for names in .dependency-cruiser.cjs): the administrator's list shows,
// and searches by, the citizen's name and tax code, in the list's own query.
import { anagrafiche } from "../identity/tables.ts";
import { bookings } from "./tables.ts";

/**
 * Every company's bookings for the administrator's `prenotazioni` page (issue 14): read only, one
 * query for the page and one for its count; the export reads the same filter in batches by key.
 * The route rule (platform administrators only) is the admin module's.
 */

export interface AdminBookingFilter {
  kinds: readonly string[];
  companyId?: number;
  status?: string;
  /** Italian dates, inclusive: the day the booking was made. */
  from?: string;
  to?: string;
  /** Surname, name or tax code (contains). */
  q?: string;
}

const ROME = "Europe/Rome";

function whereOf(filter: AdminBookingFilter): SQL | undefined {
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    inArray(bookings.kind, filter.kinds as Array<"prestazione" | "prodotto" | "teleconsulto">),
    filter.companyId === undefined ? undefined : eq(bookings.companyId, filter.companyId),
    filter.status === undefined
      ? undefined
      : eq(bookings.status, filter.status as (typeof bookings.$inferSelect)["status"]),
    filter.from === undefined
      ? undefined
      : gte(bookings.createdAt, new Date(zonedToInstant(filter.from, "00:00", ROME))),
    filter.to === undefined
      ? undefined
      : lt(bookings.createdAt, new Date(zonedToInstant(addDays(filter.to, 1), "00:00", ROME))),
    like === undefined
      ? undefined
      : or(
          ilike(anagrafiche.surname, like),
          ilike(anagrafiche.name, like),
          ilike(sql`${anagrafiche.surname} || ' ' || ${anagrafiche.name}`, like),
          ilike(sql`${anagrafiche.name} || ' ' || ${anagrafiche.surname}`, like),
          ilike(anagrafiche.cf, like),
        ),
  );
}

function selectRows(db: Executor) {
  return db
    .select({
      id: bookings.id,
      kind: bookings.kind,
      status: bookings.status,
      startAt: bookings.startAt,
      createdAt: bookings.createdAt,
      companyId: bookings.companyId,
      companyName: companyName(bookings.companyId),
      serviceName: healthServiceName(bookings.healthServiceId),
      products: bookings.products,
      citizenName: anagrafiche.name,
      citizenSurname: anagrafiche.surname,
      citizenCf: anagrafiche.cf,
      memberName: familyMemberName(bookings.familyMemberId),
      memberSurname: familyMemberSurname(bookings.familyMemberId),
    })
    .from(bookings)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, bookings.userId));
}

export type AdminBookingRow = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];

/** A page of bookings, newest first (bookings_kind_created_idx), and the filter's total. */
export async function adminBookingsPage(
  db: Executor,
  filter: AdminBookingFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminBookingRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    filter.q
      ? db
          .select({ n: count() })
          .from(bookings)
          .leftJoin(anagrafiche, eq(anagrafiche.userId, bookings.userId))
          .where(where)
      : db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The export's batches: the filter's bookings with a smaller id than `beforeId`, newest first. */
export function adminBookingsBatch(
  db: Executor,
  filter: AdminBookingFilter,
  beforeId: number | null,
  limit: number,
): Promise<AdminBookingRow[]> {
  return selectRows(db)
    .where(and(whereOf(filter), beforeId === null ? undefined : lt(bookings.id, beforeId)))
    .orderBy(desc(bookings.id))
    .limit(limit);
}

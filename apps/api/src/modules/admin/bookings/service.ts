import { ADMIN_BOOKING_SECTION_KINDS, fieldError, type TAdminBooking, type TAdminBookingsQuery } from "@cura/domain";
import type { ModuleContext } from "../../../platform/module.ts";
import { type AdminBookingFilter, type AdminBookingRow, adminBookingsPage } from "../../bookings/index.ts";

/**
 * The administrator's `prenotazioni` (issue 14): every company's bookings of the entry's kinds,
 * read only. The route rule has let only platform administrators (type 2) in.
 */

export function filterOf(
  ctx: ModuleContext,
  query: Omit<TAdminBookingsQuery, "page" | "per_page">,
): AdminBookingFilter {
  let companyId: number | undefined;
  if (query.company) {
    const id = ctx.ids.decode(query.company);
    if (id === null) throw fieldError("company", "Azienda non trovata");
    companyId = id;
  }
  if (query.from && query.to && query.from > query.to) {
    throw fieldError("to", "La data finale non può precedere quella iniziale");
  }
  return {
    kinds: ADMIN_BOOKING_SECTION_KINDS[query.section],
    companyId,
    status: query.status,
    from: query.from,
    to: query.to,
    q: query.q,
  };
}

export function presentBooking(ctx: ModuleContext, row: AdminBookingRow): TAdminBooking {
  const member = [row.memberName, row.memberSurname].filter(Boolean).join(" ");
  return {
    hashid: ctx.ids.encode(row.id),
    kind: row.kind,
    status: row.status,
    start_at: row.startAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    company: { hashid: ctx.ids.encode(row.companyId), name: row.companyName ?? "" },
    service: row.serviceName ?? null,
    products: (row.products ?? []).map((p) => ({ name: p.name, quantity: p.quantity })),
    citizen: { name: row.citizenName, surname: row.citizenSurname, cf: row.citizenCf },
    for_member: member || null,
  };
}

/** `GET admin/reservations`: a page, newest booking first. */
export async function listBookings(ctx: ModuleContext, query: TAdminBookingsQuery) {
  const { rows, total } = await adminBookingsPage(ctx.db, filterOf(ctx, query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentBooking(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

import { z } from "zod";
import { BOOKING_STATUSES } from "../booking-states.ts";
import { pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import { ZIsoDate } from "./companies.ts";

/**
 * The administrator's bookings (spec 002 §2 admin `prenotazioni`: two menu entries, "Visite e
 * servizi" and "Farmaci", open the same page filtered on the booking's kind): every company's
 * bookings, read only, filtered, paged, and the whole filtered list as an Excel workbook.
 */

/** The two menu entries: visits and services (and teleconsultations), or medicine orders. */
export const ADMIN_BOOKING_SECTIONS = ["servizi", "farmaci"] as const;
export type AdminBookingSection = (typeof ADMIN_BOOKING_SECTIONS)[number];

/** The booking kinds each entry shows (`bookings.kind`). */
export const ADMIN_BOOKING_SECTION_KINDS: Record<AdminBookingSection, readonly string[]> = {
  servizi: ["prestazione", "teleconsulto"],
  farmaci: ["prodotto"],
};

export const ZAdminBookingsQuery = ZPageQuery.extend({
  section: z.enum(ADMIN_BOOKING_SECTIONS).default("servizi"),
  company: ZHashid.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  /** Booked (created) on or after this Italian date. */
  from: ZIsoDate.optional(),
  /** Booked (created) on or before this Italian date. */
  to: ZIsoDate.optional(),
  /** The citizen's surname, name or tax code (contains; at least 2 characters). */
  q: z
    .string()
    .trim()
    .max(100, "Valore non valido")
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 2, "Almeno 2 caratteri"),
  /** `xls`: the whole filtered list as an Excel workbook instead of a page. */
  export: z.enum(["xls"]).optional(),
});
export type TAdminBookingsQuery = z.infer<typeof ZAdminBookingsQuery>;

export const ZAdminBooking = z
  .object({
    hashid: z.string(),
    kind: z.string(),
    status: z.enum(BOOKING_STATUSES),
    /** The appointment; null for an order or a request without a time yet. */
    start_at: z.string().nullable(),
    created_at: z.string(),
    company: z.object({ hashid: z.string(), name: z.string() }),
    /** The health service booked; null for a medicine order. */
    service: z.string().nullable(),
    /** A medicine order's lines. */
    products: z.array(z.object({ name: z.string(), quantity: z.number() })),
    citizen: z.object({ name: z.string().nullable(), surname: z.string().nullable(), cf: z.string().nullable() }),
    /** The family member booked for, when not the citizen. */
    for_member: z.string().nullable(),
  })
  .meta({ id: "AdminBooking" });
export type TAdminBooking = z.infer<typeof ZAdminBooking>;
export const ZAdminBookingsResponse = pagedEnvelope(ZAdminBooking);

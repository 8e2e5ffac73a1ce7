import type { TBooking } from "@cura/domain";
import type { TFunction } from "i18next";
import { formatAppointment, formatLocalDate } from "../format.ts";

/** What a booking is, in one line: the service, or the products of an order. */
export function bookingTitle(booking: TBooking, t: TFunction): string {
  if (booking.health_service) return booking.health_service.name;
  const [first, ...others] = booking.products?.map((p) => p.name) ?? [];
  if (first === undefined) return t("bookings.kind.prodotto");
  // A long order would make a long heading: the first product names it.
  if (others.length === 0) return t("bookings.productOrder", { products: first });
  return t("bookings.productOrderMore", { name: first, count: others.length });
}

/** For whom: the family member's name, or the citizen. */
export function bookingForWhom(booking: TBooking, t: TFunction): string {
  return booking.family_member
    ? `${booking.family_member.name} ${booking.family_member.surname}`
    : t("bookings.forYourself");
}

/** When: the appointment, or the preferences given, or none. */
export function bookingWhen(booking: TBooking, t: TFunction): string {
  if (booking.start) return formatAppointment(booking.start, booking.end);
  if (booking.preferences?.length) return t("bookings.withPreferences", { count: booking.preferences.length });
  if (booking.kind === "prodotto") return t("bookings.noDateOrder");
  return t("bookings.noPreference");
}

export function preferenceText(preference: NonNullable<TBooking["preferences"]>[number], t: TFunction): string {
  return `${formatLocalDate(preference.date)}, ${t(`bookings.slots.${preference.slot}`)}`;
}

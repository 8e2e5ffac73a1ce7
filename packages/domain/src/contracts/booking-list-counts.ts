import { z } from "zod";
import { envelope } from "./common.ts";

/**
 * `GET users/own/reservations/counts`: how many bookings each tab of the citizen's lists holds
 * (BOOKING_LIST_GROUPS), for each kind, in one call, so the tabs show their counts while the list
 * itself pages on the server.
 */
export const ZBookingGroupCounts = z.object({ pending: z.number(), confirmed: z.number(), history: z.number() });
export type TBookingGroupCounts = z.infer<typeof ZBookingGroupCounts>;
export const ZBookingListCounts = z.object({
  prestazione: ZBookingGroupCounts,
  prodotto: ZBookingGroupCounts,
  teleconsulto: ZBookingGroupCounts,
});
export type TBookingListCounts = z.infer<typeof ZBookingListCounts>;
export const ZBookingListCountsResponse = envelope(ZBookingListCounts);

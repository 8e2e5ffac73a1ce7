import {
  BOOKING_KINDS,
  BOOKING_LIST_GROUP_NAMES,
  BOOKING_LIST_GROUPS,
  type BookingListGroup,
  type TBookingGroupCounts,
  type TBookingListCounts,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { countsByKindAndStatus } from "./lists-repository.ts";

const groupOf = (status: string): BookingListGroup | undefined =>
  BOOKING_LIST_GROUP_NAMES.find((group) => (BOOKING_LIST_GROUPS[group] as readonly string[]).includes(status));

/**
 * `GET users/own/reservations/counts`: the size of each tab of the citizen's lists, per kind. The
 * citizen's own bookings only (the principal's user id is the filter, so there is nothing to hide).
 */
export async function citizenListCounts(ctx: ModuleContext, principal: Principal): Promise<TBookingListCounts> {
  const empty = (): TBookingGroupCounts => ({ pending: 0, confirmed: 0, history: 0 });
  const counts = Object.fromEntries(BOOKING_KINDS.map((kind) => [kind, empty()])) as TBookingListCounts;
  for (const row of await countsByKindAndStatus(ctx.db, principal.userId)) {
    const group = groupOf(row.status);
    const ofKind = counts[row.kind as keyof TBookingListCounts];
    if (group && ofKind) ofKind[group] += row.n;
  }
  return counts;
}

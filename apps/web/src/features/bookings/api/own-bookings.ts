import type { BookingKind, TBooking, TBookingListCounts } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { type BookingSection, SECTION_GROUPS } from "../sections.ts";
import { bookingKeys } from "./keys.ts";

export const BOOKINGS_PER_PAGE = 10;

export interface OwnBookingsPage {
  section: BookingSection;
  kind: BookingKind;
  page: number;
}

/**
 * GET users/own/reservations?group=&kind=&page=: one page of one tab of one kind, paged and ordered
 * by the server (in the pending tab the proposals waiting for the citizen's answer come first).
 */
export function fetchOwnBookingsPage(
  { section, kind, page }: OwnBookingsPage,
  signal?: AbortSignal,
): Promise<Paged<TBooking>> {
  return api.page<TBooking>("users/own/reservations", {
    signal,
    query: { group: SECTION_GROUPS[section], kind, page, per_page: BOOKINGS_PER_PAGE },
  });
}

export function ownBookingsPageQueryOptions(list: OwnBookingsPage) {
  return queryOptions({
    queryKey: bookingKeys.ownPage(SECTION_GROUPS[list.section], list.kind, list.page),
    queryFn: ({ signal }) => fetchOwnBookingsPage(list, signal),
  });
}

/**
 * Keeps the previous page of the same tab on screen while the next one loads (no flash of the loader
 * when paging); another tab or kind starts from the loader, never from the wrong list.
 */
export function useOwnBookingsPage(list: OwnBookingsPage) {
  const options = ownBookingsPageQueryOptions(list);
  return useQuery({
    ...options,
    placeholderData: (previous, previousQuery) => {
      const [, , group, kind] = previousQuery?.queryKey ?? [];
      return group === options.queryKey[2] && kind === options.queryKey[3] ? previous : undefined;
    },
  });
}

/** GET users/own/reservations/counts: the size of every tab of both kinds, in one call. */
export function fetchOwnBookingCounts(signal?: AbortSignal): Promise<TBookingListCounts> {
  return api.get<TBookingListCounts>("users/own/reservations/counts", { signal });
}

export function ownBookingCountsQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.ownCounts(), queryFn: ({ signal }) => fetchOwnBookingCounts(signal) });
}

export function useOwnBookingCounts() {
  return useQuery(ownBookingCountsQueryOptions());
}

/** How many pages a list's meta makes (at least one, so an empty tab still reads "page 1 of 1"). */
export const pageCount = (meta: Paged<unknown>["meta"]): number => Math.max(1, Math.ceil(meta.total / meta.per_page));

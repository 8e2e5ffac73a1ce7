/** Query keys of the operator's bookings: every mutation invalidates `all`, so lists, detail and home refresh. */
export const operatorBookingKeys = {
  all: ["operator-bookings"] as const,
  worklist: (query: object) => [...operatorBookingKeys.all, "worklist", query] as const,
  mine: (query: object) => [...operatorBookingKeys.all, "mine", query] as const,
  today: (date: string) => [...operatorBookingKeys.all, "today", date] as const,
  statistics: (date: string) => [...operatorBookingKeys.all, "statistics", date] as const,
  detail: (hashid: string) => [...operatorBookingKeys.all, "detail", hashid] as const,
  history: (hashid: string) => [...operatorBookingKeys.all, "history", hashid] as const,
  code: (hashid: string) => [...operatorBookingKeys.all, "code", hashid] as const,
};

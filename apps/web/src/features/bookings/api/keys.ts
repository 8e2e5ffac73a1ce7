/** Query keys of the citizen's bookings: every mutation invalidates `all`, so lists and home refresh. */
export const bookingKeys = {
  all: ["bookings"] as const,
  own: () => [...bookingKeys.all, "own"] as const,
  ownPage: (group: string, kind: string, page: number) => [...bookingKeys.own(), group, kind, page] as const,
  ownCounts: () => [...bookingKeys.own(), "counts"] as const,
  latest: () => [...bookingKeys.all, "latest"] as const,
  today: () => [...bookingKeys.all, "today"] as const,
  detail: (hashid: string) => [...bookingKeys.all, "detail", hashid] as const,
  history: (hashid: string) => [...bookingKeys.all, "history", hashid] as const,
  slots: (service: string, from: string) => [...bookingKeys.all, "slots", service, from] as const,
};

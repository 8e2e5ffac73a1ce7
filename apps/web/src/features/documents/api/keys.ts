/** Query keys of the documents feature: a mutation invalidates through these. */
export const documentKeys = {
  all: ["documents"] as const,
  templates: () => [...documentKeys.all, "templates"] as const,
  reservation: (hashid: string) => [...documentKeys.all, "reservation", hashid] as const,
  detail: (hashid: string) => [...documentKeys.all, "detail", hashid] as const,
};

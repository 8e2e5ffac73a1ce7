/** Query keys of the teleconsult feature: one root, so a change refreshes what depends on it. */
export const teleconsultKeys = {
  all: ["teleconsult"] as const,
  pending: (kind: string) => ["teleconsult", "pending", kind] as const,
  own: (page: number) => ["teleconsult", "own", page] as const,
  one: (hashid: string) => ["teleconsult", "one", hashid] as const,
  company: (kind: string, open: boolean, page: number) => ["teleconsult", "company", kind, open, page] as const,
  admin: (page: number) => ["teleconsult", "admin", page] as const,
  switch: (ref: number) => ["teleconsult", "switch", ref] as const,
};

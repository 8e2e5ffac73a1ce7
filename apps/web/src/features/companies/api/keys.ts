/** Query keys of the companies feature: one root, so a change can refresh what depends on it. */
export const companyKeys = {
  all: ["companies"] as const,
  detail: (company: string) => ["companies", "detail", company] as const,
  openings: (company: string) => ["companies", "openings", company] as const,
  closures: (company: string) => ["companies", "closures", company] as const,
  platformServices: () => ["companies", "own", "services"] as const,
  healthServices: () => ["companies", "own", "healthservices"] as const,
  slots: (hash: string) => ["companies", "slots", hash] as const,
  operators: () => ["companies", "own", "operators"] as const,
  serviceOpenings: (kind: string, hash: string) => ["companies", "service-openings", kind, hash] as const,
  attachments: (hash: string) => ["companies", "attachments", hash] as const,
};

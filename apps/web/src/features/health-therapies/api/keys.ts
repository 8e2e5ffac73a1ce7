/** Query keys of the health file's pathologies, exemptions and therapies; `patient` null is one's own file. */
export const healthTherapyKeys = {
  all: ["health-therapies"] as const,
  pathologies: (patient: string | null) => ["health-therapies", "pathologies", patient ?? "own"] as const,
  exemptions: (patient: string | null) => ["health-therapies", "exemptions", patient ?? "own"] as const,
  therapies: (patient: string | null) => ["health-therapies", "therapies", patient ?? "own"] as const,
  therapyList: (patient: string | null, state: string, page: number) =>
    ["health-therapies", "therapies", patient ?? "own", state, page] as const,
  intakes: (hashid: string) => ["health-therapies", "intakes", hashid] as const,
  search: (kind: string, q: string) => ["health-therapies", "search", kind, q] as const,
};

/** Query keys of the measurements feature: one root, so a change refreshes what depends on it. */
export const measurementKeys = {
  all: ["health-measurements"] as const,
  exams: () => ["health-measurements", "exams"] as const,
  list: (patient: string | null, exam: string | null, page: number) =>
    ["health-measurements", "list", patient, exam, page] as const,
  history: (patient: string | null, exam: string) => ["health-measurements", "history", patient, exam] as const,
  thresholds: (patient: string) => ["health-measurements", "thresholds", patient] as const,
  frequencies: (patient: string, kind: "exams" | "scores") =>
    ["health-measurements", "frequencies", kind, patient] as const,
  scales: () => ["health-measurements", "scales"] as const,
  scores: (patient: string) => ["health-measurements", "scores", patient] as const,
  scoreHistory: (patient: string, scale: string) => ["health-measurements", "score-history", patient, scale] as const,
  scoreDetails: (score: string) => ["health-measurements", "score-details", score] as const,
  devices: (patient: string | null) => ["health-measurements", "devices", patient] as const,
  deviceModels: () => ["health-measurements", "device-models"] as const,
};

/** `?user_id=` on someone else's file; nothing on one's own. */
export const userQuery = (patient: string | null) => (patient ? `user_id=${encodeURIComponent(patient)}` : "");

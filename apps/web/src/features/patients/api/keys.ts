/** Query keys of the patients feature: one root, so a change can refresh what depends on it. */
export const patientKeys = {
  all: ["patients"] as const,
  list: (query: { q: string; page: number; active: string }) => ["patients", "list", query] as const,
  picker: (q: string) => ["patients", "picker", q] as const,
  detail: (hash: string) => ["patients", "detail", hash] as const,
  bookings: (hash: string) => ["patients", "bookings", hash] as const,
  daySlots: (service: string, date: string) => ["patients", "day-slots", service, date] as const,
  aslAppointments: (page: number) => ["patients", "asl-appointments", page] as const,
};

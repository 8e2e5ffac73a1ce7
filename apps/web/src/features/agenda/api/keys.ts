/** Query keys of the agenda: every change of an event refreshes `all`. */
export const agendaKeys = {
  all: ["agenda"] as const,
  full: (from: string, to: string) => [...agendaKeys.all, "full", from, to] as const,
  company: (from: string, to: string) => [...agendaKeys.all, "company", from, to] as const,
};

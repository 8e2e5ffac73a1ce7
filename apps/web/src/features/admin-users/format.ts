/** Dates and times as the back office shows them: Italian, in Italian time. */
const dateTime = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export const shortDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** A user's name as a list shows it: surname and name, or the e-mail when there is no record. */
export function personName(user: { name: string | null; surname: string | null; email: string | null }): string {
  const name = `${user.surname ?? ""} ${user.name ?? ""}`.trim();
  return name || user.email || "—";
}

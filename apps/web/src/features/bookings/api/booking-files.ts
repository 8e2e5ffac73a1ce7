import { api } from "../../../lib/api.ts";

/** The booking's files, fetched with the bearer token (a plain link cannot send it) and saved. */
export type BookingFileKind = "ics" | "pdf";

const PATHS: Record<BookingFileKind, string> = {
  // GET users/own/reservation/calendar/{id}: an iCalendar event to add to one's calendar.
  ics: "users/own/reservation/calendar",
  // GET users/own/reservation/download/{id}: the booking's summary as a PDF.
  pdf: "users/own/reservation/download",
};

export async function downloadBookingFile(hashid: string, kind: BookingFileKind): Promise<void> {
  const blob = await api.blob(`${PATHS[kind]}/${encodeURIComponent(hashid)}`);
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = `prenotazione-${hashid}.${kind}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

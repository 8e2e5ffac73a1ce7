import { BOOKING_STATUS_LABELS, type TBooking } from "@cura/domain";
import type { EventStatus } from "ics";
import { loadIcs, loadPdfKit } from "../../platform/heavy-libraries.ts";

/** The files of one booking: an iCalendar event (.ics) and a printable summary (PDF). */

const TIME_ZONE = "Europe/Rome";
const dateTime = new Intl.DateTimeFormat("it-IT", { dateStyle: "full", timeStyle: "short", timeZone: TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: TIME_ZONE });

/** Confirmed and closed bookings are firm; refused and cancelled ones cancel the calendar entry. */
function icsStatus(booking: TBooking): EventStatus {
  if (booking.status === "confermato" || booking.status === "evaso") return "CONFIRMED";
  if (booking.status === "rifiutato" || booking.status === "annullato") return "CANCELLED";
  return "TENTATIVE";
}

const title = (booking: TBooking) => booking.health_service?.name ?? "Ordine";

/** The booking as one VEVENT in UTC, with a stable UID so a second download updates the same entry. */
export async function bookingIcs(booking: TBooking, start: Date, end: Date, host: string): Promise<string> {
  const { createEvent } = await loadIcs();
  const lines = [
    `Stato: ${BOOKING_STATUS_LABELS[booking.status]}`,
    `Codice prenotazione: ${booking.hashid}`,
    ...(booking.notes ? [`Note: ${booking.notes}`] : []),
  ];
  const { error, value } = createEvent({
    productId: "cura/prenotazioni",
    uid: `${booking.hashid}@${host}`,
    title: title(booking),
    description: lines.join("\n"),
    location: booking.company.name,
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    status: icsStatus(booking),
  });
  if (error || !value) throw error ?? new Error("ics: no value");
  return value;
}

/** A one-page summary of the booking (A4, the PDF's standard fonts: Latin-1 covers Italian). */
export async function bookingPdf(booking: TBooking, generatedAt: Date): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Prenotazione ${booking.hashid}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(20).text("Cura");
  doc.moveDown(0.3).font("Helvetica").fontSize(14).text("Riepilogo della prenotazione");
  doc.moveDown();
  const start = booking.start ? dateTime.format(new Date(booking.start)) : "da definire";
  const rows: Array<[string, string]> = [
    ["Codice prenotazione", booking.hashid],
    [booking.kind === "prodotto" ? "Ordine" : "Prestazione", title(booking)],
    ["Struttura", booking.company.name],
    ["Paziente", `${booking.citizen.name} ${booking.citizen.surname}`.trim()],
    ...(booking.family_member
      ? ([["Per", `${booking.family_member.name} ${booking.family_member.surname}`]] as Array<[string, string]>)
      : []),
    ["Data e ora", start],
    ["Stato", BOOKING_STATUS_LABELS[booking.status]],
    ...(booking.products?.length
      ? ([["Prodotti", booking.products.map((p) => `${p.name} × ${p.quantity}`).join(", ")]] as Array<[string, string]>)
      : []),
    ...(booking.notes ? ([["Note", booking.notes]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of rows) {
    doc.font("Helvetica-Bold").fontSize(11).text(label);
    doc.font("Helvetica").fontSize(11).text(value);
    doc.moveDown(0.5);
  }
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555555")
    .text(`Documento generato il ${dateOnly.format(generatedAt)}. Presentalo alla struttura se richiesto.`);
  doc.end();
  return done;
}

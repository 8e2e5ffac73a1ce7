import { CANCELLATION_REASONS, REFUSAL_REASONS } from "@cura/domain";

/**
 * The Italian title and body of a booking notification, by action and by whom it speaks to. The
 * spec gives no wording: these say what happened, to which booking, and what the reader may do.
 * Message notifications never carry the message itself (it may be health data and an e-mail
 * travels outside the platform): the reader opens the booking to read it.
 */

export interface BookingFacts {
  serviceName: string | null;
  companyName: string;
  citizenName: string;
  start: Date | null;
  proposedStart: Date | null;
  detail: Record<string, unknown> | undefined;
}

const day = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" });

export function italianDateTime(value: Date): string {
  return `${day.format(value)} alle ${time.format(value)}`;
}

function what(facts: BookingFacts): string {
  const service = facts.serviceName ? `la prenotazione di ${facts.serviceName}` : "la prenotazione";
  return facts.start ? `${service} per ${italianDateTime(facts.start)}` : service;
}

/** "della prenotazione di …" */
const ofWhat = (facts: BookingFacts) => what(facts).replace(/^la /, "della ");
/** "sulla prenotazione di …" */
const onWhat = (facts: BookingFacts) => what(facts).replace(/^la /, "sulla ");

function reason(table: Record<number, string>, detail: Record<string, unknown> | undefined): string {
  const value = detail?.reason;
  return typeof value === "number" && table[value] ? `: ${table[value]}` : "";
}

function detailStart(facts: BookingFacts): string {
  const start = typeof facts.detail?.start === "string" ? new Date(facts.detail.start) : facts.start;
  return start ? italianDateTime(start) : "una nuova data";
}

export interface Text {
  title: string;
  body: string;
}

/**
 * Changes nobody is told about: an operator taking charge of a booking (`handled`, internal to the
 * company) and a past appointment entered for the record (`entered_past`).
 */
export const SILENT_ACTIONS: ReadonlySet<string> = new Set(["handled", "entered_past"]);

/** What the citizen reads when the company acted. */
export function textForCitizen(action: string, facts: BookingFacts): Text {
  const company = facts.companyName;
  switch (action) {
    case "created":
    case "created_by_operator":
      return { title: "Nuova prenotazione", body: `${company} ha prenotato per te ${what(facts)}.` };
    case "confirm":
      return { title: "Prenotazione confermata", body: `${company} ha confermato ${what(facts)}.` };
    case "refuse":
      return {
        title: "Prenotazione rifiutata",
        body: `${company} ha rifiutato ${what(facts)}${reason(REFUSAL_REASONS, facts.detail)}.`,
      };
    case "propose": {
      const proposed = facts.proposedStart ? italianDateTime(facts.proposedStart) : detailStart(facts);
      return {
        title: "Nuova data proposta",
        body: `${company} propone di spostare ${what(facts)} a ${proposed}. Accetta o rifiuta la proposta.`,
      };
    }
    case "close":
      return { title: "Prenotazione evasa", body: `${company} ha segnato come evasa ${what(facts)}.` };
    case "no_show":
      return {
        title: "Mancata presentazione",
        body: `${company} ha registrato che non ti sei presentato per ${what(facts)}. Per chiarimenti contatta la struttura.`,
      };
    case "notes":
      return { title: "Note aggiornate", body: `${company} ha aggiornato le note ${ofWhat(facts)}.` };
    case "message":
      return { title: "Nuovo messaggio", body: `${company} ti ha scritto un messaggio ${onWhat(facts)}.` };
    default:
      return { title: "Prenotazione aggiornata", body: `${company} ha aggiornato ${what(facts)}.` };
  }
}

/** What the company's operators read when the citizen acted. */
export function textForOperator(action: string, facts: BookingFacts): Text {
  const citizen = facts.citizenName || "Un cittadino";
  switch (action) {
    case "created":
      return { title: "Nuova prenotazione", body: `${citizen} ha inviato ${what(facts)}.` };
    case "accept":
      return { title: "Proposta accettata", body: `${citizen} ha accettato la nuova data: ${what(facts)}.` };
    case "reject":
      return {
        title: "Proposta rifiutata",
        body: `${citizen} ha rifiutato la data proposta per ${what(facts)}: la richiesta è chiusa.`,
      };
    case "request_new_date":
      return {
        title: "Richiesta di nuova data",
        body: `${citizen} chiede di spostare la prenotazione a ${detailStart(facts)}.`,
      };
    case "cancel":
      return {
        title: "Prenotazione annullata",
        body: `${citizen} ha annullato ${what(facts)}${reason(CANCELLATION_REASONS, facts.detail)}.`,
      };
    case "notes":
      return { title: "Note aggiornate", body: `${citizen} ha aggiornato le note ${ofWhat(facts)}.` };
    case "message":
      return { title: "Nuovo messaggio", body: `${citizen} ha scritto un messaggio ${onWhat(facts)}.` };
    default:
      return { title: "Prenotazione aggiornata", body: `${citizen} ha aggiornato ${what(facts)}.` };
  }
}

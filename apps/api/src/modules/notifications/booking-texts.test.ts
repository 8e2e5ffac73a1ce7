import { describe, expect, it } from "vitest";
import { type BookingFacts, italianDateTime, textForCitizen, textForOperator } from "./booking-texts.ts";

const facts: BookingFacts = {
  serviceName: "Visita cardiologica",
  companyName: "Farmacia San Marco",
  citizenName: "Maria Rossi",
  start: new Date("2026-11-23T08:00:00Z"),
  proposedStart: new Date("2026-11-24T13:30:00Z"),
  detail: undefined,
};

describe("booking notification texts", () => {
  it("writes dates in Italian, in Rome's time", () => {
    expect(italianDateTime(new Date("2026-11-23T08:00:00Z"))).toBe("lunedì 23 novembre 2026 alle 09:00");
  });

  it("tells the citizen what the company did", () => {
    expect(textForCitizen("confirm", facts)).toEqual({
      title: "Prenotazione confermata",
      body: "Farmacia San Marco ha confermato la prenotazione di Visita cardiologica per lunedì 23 novembre 2026 alle 09:00.",
    });
    expect(textForCitizen("propose", facts).body).toContain("a martedì 24 novembre 2026 alle 14:30");
    expect(textForCitizen("refuse", { ...facts, detail: { reason: 4 } }).body).toMatch(
      /: Un imprevisto ci costringe ad annullare\.$/,
    );
    expect(textForCitizen("notes", facts).body).toBe(
      "Farmacia San Marco ha aggiornato le note della prenotazione di Visita cardiologica per lunedì 23 novembre 2026 alle 09:00.",
    );
    expect(textForCitizen("created_by_operator", facts).title).toBe("Nuova prenotazione");
    expect(textForCitizen("something_new", facts).title).toBe("Prenotazione aggiornata");
  });

  it("tells the company what the citizen did, also for a request with no date or service yet", () => {
    expect(textForOperator("cancel", { ...facts, detail: { reason: 1 } }).body).toBe(
      "Maria Rossi ha annullato la prenotazione di Visita cardiologica per lunedì 23 novembre 2026 alle 09:00: Non sono più interessato.",
    );
    const order = { ...facts, serviceName: null, start: null, proposedStart: null };
    expect(textForOperator("created", order)).toEqual({
      title: "Nuova prenotazione",
      body: "Maria Rossi ha inviato la prenotazione.",
    });
    expect(textForOperator("request_new_date", { ...facts, detail: { start: "2026-11-25T09:00:00Z" } }).body).toBe(
      "Maria Rossi chiede di spostare la prenotazione a mercoledì 25 novembre 2026 alle 10:00.",
    );
    expect(textForOperator("message", { ...facts, citizenName: "" }).body).toBe(
      "Un cittadino ha scritto un messaggio sulla prenotazione di Visita cardiologica per lunedì 23 novembre 2026 alle 09:00.",
    );
  });
});

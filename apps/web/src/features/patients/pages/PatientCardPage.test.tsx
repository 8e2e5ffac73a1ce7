import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const operator = makeUser({
  type: 1,
  company: {
    hashid: "c1",
    name: "Farmacia San Marco",
    level: 1,
    active_services: [
      { hashid: "s1", name: "Prenotazioni", position_ref: 1 },
      { hashid: "s5", name: "Agenda e appuntamenti ASL", position_ref: 5 },
    ],
    bancaDati: [],
  },
});

const patient = {
  hashid: "p1",
  name: "Maria",
  surname: "Rossi",
  cf: "RSSMRA85M41F205Z",
  gender: "femminile",
  birthday: "1985-08-01",
  email: "maria.rossi@example.it",
  prefix: "+39",
  tel_number: "3471234567",
  phone_verified: true,
  ts_number: null,
  regione: "Lombardia",
  provincia: "MI",
  comune: "Milano",
  cap: "20135",
  address: "Via Bergamo 7",
  active: true,
  consent: false,
  consent_at: null,
  registered: false,
  in_care_circle: true,
  bookings: 1,
};

const booking = {
  hashid: "b1",
  kind: "prestazione",
  status: "confermato",
  status_label: "confermato",
  health_service: { hashid: "h1", name: "Prenotazione CUP ASL" },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  citizen: { hashid: "p1", name: "Maria", surname: "Rossi" },
  family_member: null,
  start: "2026-11-20T08:00:00.000Z",
  end: "2026-11-20T08:30:00.000Z",
  preferences: null,
  products: null,
  nre: null,
  rev: null,
  proposed_start: null,
  proposed_end: null,
  notes: null,
  operator_notes: "Visita passata",
  refusal_reason: null,
  cancellation_reason: null,
  created_at: "2026-11-21T08:00:00.000Z",
  updated_at: "2026-11-21T08:00:00.000Z",
};

describe("patient card and ASL appointments", () => {
  it("shows the patient, their bookings here, and archives them", async () => {
    signInAs(operator);
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/own/patients/p1") return { status: 200, body: { data: patient } };
      if (call.url === "/api/v1/reservations/company/users/p1") return { status: 200, body: { data: [booking] } };
      if (call.url === "/api/v1/companies/own/assistito/p1" && call.method === "PATCH")
        return { status: 200, body: { data: { ...patient, active: false } } };
      return undefined;
    });
    renderApp("/operatore/pazienti/scheda/p1");
    expect(await screen.findByRole("heading", { level: 1, name: "Rossi Maria" })).toBeTruthy();
    expect(await screen.findByText("Visita passata")).toBeTruthy();
    // Each booking leads to the operator's booking page, where it is confirmed or closed.
    expect(screen.getByRole("link", { name: /^Dettaglio / }).getAttribute("href")).toBe(
      `/operatore/prenotazioni/dettaglio/${booking.hashid}`,
    );
    expect(screen.getByRole("link", { name: "Inserisci prenotazione passata" }).getAttribute("href")).toBe(
      "/operatore/pazienti/p1/prenotazioni/nuovo/passata",
    );
    fireEvent.click(screen.getByRole("button", { name: "Archivia paziente" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ active: false }));
    expect(await screen.findByRole("button", { name: "Riattiva paziente" })).toBeTruthy();
    // An archived patient cannot be booked for from the card.
    expect(screen.queryByRole("link", { name: "Prenota prestazione" })).toBeNull();
  });

  it("says 'not found' for another company's patient", async () => {
    signInAs(operator);
    mockFetch(() => undefined);
    renderApp("/operatore/pazienti/scheda/zz");
    expect(await screen.findByText("Paziente non trovato")).toBeTruthy();
  });

  it("lists ASL appointments and offers the new-appointment section", async () => {
    signInAs(operator);
    mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/own/appointments")
        ? { status: 200, body: { data: [booking], meta: { page: 1, per_page: 20, total: 1 } } }
        : undefined,
    );
    renderApp("/operatore/appuntamenti/lista");
    expect(await screen.findByRole("heading", { level: 1, name: "Appuntamenti ASL" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Rossi Maria" })).toBeTruthy();
    expect(screen.getByText("Prenotazione CUP ASL")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Nuovo appuntamento" }).getAttribute("href")).toBe(
      "/operatore/appuntamenti/nuovo",
    );
  });
});

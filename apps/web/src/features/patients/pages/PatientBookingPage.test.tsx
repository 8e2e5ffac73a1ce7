import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const operator = makeUser({
  type: 1,
  company: {
    hashid: "c1",
    name: "Farmacia San Marco",
    level: 1,
    active_services: [{ hashid: "s1", name: "Prenotazioni", position_ref: 1 }],
    bancaDati: [],
  },
});

const patient = {
  hashid: "p1",
  name: "Maria",
  surname: "Rossi",
  cf: null,
  gender: "femminile",
  birthday: "1985-08-01",
  email: "maria.rossi@example.it",
  prefix: "+39",
  tel_number: "3471234567",
  phone_verified: true,
  ts_number: null,
  regione: null,
  provincia: null,
  comune: "Milano",
  cap: null,
  address: null,
  active: true,
  consent: false,
  consent_at: null,
  registered: false,
  in_care_circle: true,
  bookings: 0,
};

const service = {
  hashid: "h1",
  name: "Misurazione della pressione",
  description: null,
  position_ref: 1,
  slot_minutes: 15,
  price: 3,
  capacity: null,
  active: true,
  has_openings: true,
  attachments: 0,
  survey: null,
  company: { hashid: "c1", name: "Farmacia San Marco" },
};

const booking = {
  hashid: "b1",
  kind: "prestazione",
  status: "confermato",
  status_label: "confermato",
  health_service: { hashid: "h1", name: service.name },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  citizen: { hashid: "p1", name: "Maria", surname: "Rossi" },
  family_member: null,
  start: "2026-11-20T08:00:00.000Z",
  end: "2026-11-20T08:15:00.000Z",
  preferences: null,
  products: null,
  nre: null,
  rev: null,
  proposed_start: null,
  proposed_end: null,
  notes: null,
  operator_notes: null,
  refusal_reason: null,
  cancellation_reason: null,
  created_at: "2026-11-21T08:00:00.000Z",
  updated_at: "2026-11-21T08:00:00.000Z",
};

function answer(call: FetchCall) {
  if (call.url === "/api/v1/companies/own/patients/p1") return { status: 200, body: { data: patient } };
  if (call.url.startsWith("/api/v1/companies/own/healthservices")) return { status: 200, body: { data: [service] } };
  if (call.url === "/api/v1/reservations/company/users/p1") return { status: 200, body: { data: [booking] } };
  if (call.url.startsWith("/api/v1/healthservices/slots/array/h1")) {
    const date = new URL(call.url, "http://x").searchParams.get("from") as string;
    const slot = { start: `${date}T08:00:00.000Z`, end: `${date}T08:15:00.000Z`, time: "09:00", end_time: "09:15" };
    return {
      status: 200,
      body: {
        data: {
          from: date,
          to: date,
          time_zone: "Europe/Rome",
          slot_minutes: 15,
          overlap: false,
          days: [{ date, weekday: 1, slots: [{ ...slot, available: 1 }] }],
        },
      },
    };
  }
  return undefined;
}

const bookCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url === "/api/v1/companies/own/patients/p1/reservations");

describe("booking for a patient", () => {
  it("books a free slot of the chosen day", async () => {
    signInAs(operator);
    const { calls } = mockFetch((call) =>
      call.url.endsWith("/reservations") && call.method === "POST"
        ? { status: 201, body: { data: booking, message: "Prenotazione inserita" } }
        : answer(call),
    );
    renderApp("/operatore/pazienti/p1/prenotazioni/nuovo/prestazione");
    expect(await screen.findByRole("heading", { level: 1, name: "Nuova prenotazione per il paziente" })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("Prestazione"), { target: { value: "h1" } });
    const slotSelect = screen.getByLabelText("Orario libero");
    await screen.findByRole("option", { name: "09:00–09:15" });
    const start = (screen.getByRole("option", { name: "09:00–09:15" }) as HTMLOptionElement).value;
    fireEvent.change(slotSelect, { target: { value: start } });
    fireEvent.click(screen.getByRole("button", { name: "Prenota" }));
    await waitFor(() => expect(bookCalls(calls)).toHaveLength(1));
    expect(bookCalls(calls)[0]?.body).toEqual({ health_service: "h1", past: false, start });
    expect(await screen.findByRole("heading", { level: 1, name: "Rossi Maria" })).toBeTruthy();
    expect(screen.getByText("Prenotazione inserita")).toBeTruthy();
  });

  it("requires service, date and time for a past booking, and sends them", async () => {
    signInAs(operator);
    const { calls } = mockFetch((call) =>
      call.url.endsWith("/reservations") && call.method === "POST"
        ? { status: 201, body: { data: booking, message: "Prenotazione inserita" } }
        : answer(call),
    );
    renderApp("/operatore/pazienti/p1/prenotazioni/nuovo/passata");
    const pastSwitch = (await screen.findByLabelText("Prenotazione passata")) as HTMLInputElement;
    expect(pastSwitch.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Registra prenotazione passata" }));
    expect(await screen.findByText("Scegli la prestazione")).toBeTruthy();
    expect(screen.getByText("Indica la data")).toBeTruthy();
    expect(screen.getByText("Indica l'orario")).toBeTruthy();
    expect(bookCalls(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Prestazione"), { target: { value: "h1" } });
    fireEvent.change(screen.getByLabelText("Data della visita"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("Orario"), { target: { value: "09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Registra prenotazione passata" }));
    await waitFor(() => expect(bookCalls(calls)).toHaveLength(1));
    expect(bookCalls(calls)[0]?.body).toEqual({ health_service: "h1", past: true, date: "2026-11-20", time: "09:00" });
  });
});

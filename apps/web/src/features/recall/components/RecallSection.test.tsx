import type { TFrequency } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const frequency: TFrequency = {
  hashid: "f1",
  enabled: true,
  user: { hashid: "p1", name: "Maria", surname: "Rossi", cf: "RSSMRA80A41H501X" },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  health_service: { hashid: "s1", name: "Controllo pressione" },
  every: 1,
  unit: 0,
  next_date: "2026-12-01",
  time: "09:00",
  end_date: null,
  notes: null,
  created_by: "operatore",
  last_booking: null,
  bookings_created: 0,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
};

describe("recall section", () => {
  it("lists the company's recurring reservations, suspends one, and creates one for a patient found by tax code", async () => {
    signInAs(makeUser({ type: 1 }));
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/own/reservations/frequencies")
        return { status: 200, body: { data: [frequency] } };
      if (call.url === "/api/v1/reservations/frequencies/f1" && call.method === "PATCH")
        return { status: 200, body: { data: { ...frequency, enabled: false } } };
      if (call.url.startsWith("/api/v1/utilities/users/search"))
        return {
          status: 200,
          body: {
            data: [
              { hashid: "p2", type: 0, name: "Giulia", surname: "Esposito", cf: "X", email: null, disabled: false },
            ],
            meta: { page: 1, per_page: 1, total: 1 },
          },
        };
      if (call.url.startsWith("/api/v1/companies/own/healthservices"))
        return { status: 200, body: { data: [{ hashid: "s1", name: "Controllo pressione" }] } };
      if (call.url === "/api/v1/reservations/frequencies" && call.method === "POST")
        return { status: 201, body: { data: { ...frequency, hashid: "f2" } } };
      return undefined;
    });
    renderApp("/operatore/prenotazioni/recall");
    const row = await screen.findByTestId("recall-row");
    expect(within(row).getByText("Maria Rossi")).toBeTruthy();
    expect(within(row).getByText("ogni mese")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Sospendi la prenotazione ricorrente di Maria Rossi" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false }));

    fireEvent.click(screen.getByRole("button", { name: "Nuova prenotazione ricorrente" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Codice fiscale del paziente"), {
      target: { value: "spsglu90a41h501x" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cerca" }));
    expect(await within(dialog).findByTestId("recall-patient")).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith("/api/v1/utilities/users/search"))?.url).toContain("q=SPSGLU90A41H501X");
    await within(dialog).findByRole("option", { name: "Controllo pressione" });
    fireEvent.change(within(dialog).getByLabelText("Prestazione"), { target: { value: "s1" } });
    fireEvent.change(within(dialog).getByLabelText("Ogni"), { target: { value: "2" } });
    fireEvent.change(within(dialog).getByLabelText("Unità"), { target: { value: "1" } });
    fireEvent.change(within(dialog).getByLabelText("Prossima data"), { target: { value: "2099-01-10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/reservations/frequencies" && c.method === "POST")?.body).toEqual({
        user: "p2",
        health_service: "s1",
        every: 2,
        unit: 1,
        next_date: "2099-01-10",
        time: "09:00",
        end_date: null,
        notes: null,
        enabled: true,
      }),
    );
  });
});

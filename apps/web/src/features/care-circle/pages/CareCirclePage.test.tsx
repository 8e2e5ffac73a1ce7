import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company = {
  hashid: "c1",
  name: "Poliambulatorio Salus",
  type: "poliambulatorio",
  type_label: "Poliambulatorio",
  subtype: null,
  subtype_label: null,
  level: 1,
  address: "Via Milano 3",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00118",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
  email: null,
  phone: null,
  website: null,
  services: [],
};
const item = {
  company,
  preferred: false,
  openings: { days: [], inherited: false, time_zone: "Europe/Rome" },
  added_at: "2026-11-20T08:00:00Z",
};

describe("care circle (circolocura)", () => {
  it("marks a provider preferred, removes it, and invites the doctor", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/users/own/circolocura") return { status: 200, body: { data: [item] } };
      if (call.url === "/api/v1/users/company/relationship")
        return { status: 200, body: { data: { ...item, preferred: true } } };
      if (call.url === "/api/v1/users/company/relationship/remove") return { status: 200, body: { message: "ok" } };
      if (call.url === "/api/v1/users/contatti/privati/medico/invito")
        return {
          status: 200,
          body: { data: { hashid: "d1", ...(call.body as object), emailed: false } },
        };
      return undefined;
    });
    renderApp("/cittadino/circolocura");
    expect(await screen.findByRole("heading", { level: 1, name: "Circolo di cura" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Imposta come preferita: Poliambulatorio Salus" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/users/company/relationship")?.body).toEqual({
        company_id: "c1",
        preferred: true,
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: "Rimuovi Poliambulatorio Salus dal circolo di cura" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rimuovi" }));
    expect(await screen.findByText("Struttura rimossa dal circolo di cura")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/company/relationship/remove")?.body).toEqual({
      company_id: "c1",
    });

    fireEvent.click(screen.getByRole("button", { name: "Invia invito" }));
    expect(await screen.findAllByText("Campo obbligatorio")).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Nome del medico"), { target: { value: "Anna" } });
    fireEvent.change(screen.getByLabelText("Cognome del medico"), { target: { value: "Verdi" } });
    fireEvent.change(screen.getByLabelText("Città"), { target: { value: "Roma" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia invito" }));
    expect(await screen.findByText("Invito inviato al medico")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("medico/invito"))?.body).toEqual({
      name: "Anna",
      surname: "Verdi",
      city: "Roma",
      email: null,
    });
  });
});

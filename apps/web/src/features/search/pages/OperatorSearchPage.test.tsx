import { COMPANY_LEVELS } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const provider = {
  hashid: "c1",
  name: "Poliambulatorio Città Studi",
  type: "poliambulatorio",
  type_label: "Poliambulatorio",
  subtype: null,
  subtype_label: null,
  level: 1,
  address: "Via Pascoli 10",
  comune: "Milano",
  provincia: "MI",
  regione: "Lombardia",
  cap: "20133",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
  email: null,
  phone: "0212345678",
  website: null,
  services: [],
  health_services: [{ hashid: "h1", name: "Visita cardiologica", slot_minutes: 30 }],
};
const company = (level: number) => ({
  hashid: "me",
  name: "La mia azienda",
  level,
  active_services: [],
  bancaDati: [],
});

describe("operator search (ricerca)", () => {
  it("opens a monitoring room on prestazioni and finds providers of a health service", async () => {
    signInAs(makeUser({ type: 1, company: company(COMPANY_LEVELS.monitoringRoom) }));
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/healthservices/search/companies")
        ? { status: 200, body: { data: [provider], meta: { page: 1, per_page: 10, total: 1 } } }
        : undefined,
    );
    renderApp("/operatore/ricerca");
    const form = await screen.findByRole("form", { name: "Cerca una prestazione" });
    fireEvent.click(within(form).getByRole("button", { name: "Cerca" }));
    expect(await screen.findByText("Scrivi almeno 2 caratteri del nome della prestazione")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Nome della prestazione"), { target: { value: "cardio" } });
    fireEvent.change(within(form).getByLabelText("Comune (facoltativo)"), { target: { value: "Milano" } });
    fireEvent.click(within(form).getByRole("button", { name: "Cerca" }));
    const results = await screen.findByTestId("operator-search-results");
    expect(within(results).getByText("Poliambulatorio Città Studi")).toBeTruthy();
    expect(within(results).getByText(/Visita cardiologica/)).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith("/api/v1/healthservices/search/companies"))?.url).toBe(
      "/api/v1/healthservices/search/companies?service=cardio&comune=Milano&page=1&per_page=10",
    );
  });

  it("opens a first-level company on strutture and says when nothing is found", async () => {
    signInAs(makeUser({ type: 1, company: company(COMPANY_LEVELS.firstLevel) }));
    mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/search/subtype")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 10, total: 0 } } }
        : undefined,
    );
    renderApp("/operatore/ricerca");
    const form = await screen.findByRole("form", { name: "Cerca una struttura" });
    fireEvent.change(within(form).getByLabelText("Nome della struttura"), { target: { value: "Nessuna" } });
    fireEvent.click(within(form).getByRole("button", { name: "Cerca" }));
    await waitFor(() =>
      expect(screen.getByText("Non è stato possibile trovare aziende per il servizio richiesto")).toBeTruthy(),
    );
    expect(screen.getByRole("link", { name: "Prestazioni" }).getAttribute("href")).toBe(
      "/operatore/ricerca/prestazioni",
    );
  });
});

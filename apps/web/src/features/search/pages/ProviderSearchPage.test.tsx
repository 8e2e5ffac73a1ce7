import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { geoAnswer } from "../../../test/geo.ts";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const openings = {
  days: [{ weekday: 1, ranges: [{ from: "08:30", to: "12:30" }] }],
  inherited: false,
  time_zone: "Europe/Rome",
};

const farmacia = {
  hashid: "c1",
  name: "Farmacia San Pietro",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  address: "Via Roma 1",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00118",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
  email: "info@farmacia.example",
  phone: "0612345678",
  website: null,
  services: [],
};

const detail = {
  ...farmacia,
  pec: null,
  vat_number: null,
  description: null,
  asl: null,
  openings,
  options: null,
  code: null,
  managed_by: null,
};

describe("provider search (spec 001 screen 15) and the care circle", () => {
  it("searches by comune, opens a provider and adds it to the care circle as preferred", async () => {
    signInAs(makeUser({ type: 0 }));
    let circle: unknown[] = [];
    const { calls } = mockFetch((call) => {
      const geo = geoAnswer(call);
      if (geo) return geo;
      if (call.url.startsWith("/api/v1/companies/search/subtype"))
        return call.url.includes("q=Nessuna")
          ? { status: 200, body: { data: [], meta: { page: 1, per_page: 10, total: 0 } } }
          : { status: 200, body: { data: [farmacia], meta: { page: 1, per_page: 10, total: 1 } } };
      if (call.url === "/api/v1/companies/c1") return { status: 200, body: { data: detail } };
      if (call.url === "/api/v1/users/own/circolocura") return { status: 200, body: { data: circle } };
      if (call.url === "/api/v1/users/company/relationship") {
        const item = { company: farmacia, preferred: true, openings, added_at: "2026-11-21T08:00:00Z" };
        circle = [item];
        return { status: 200, body: { data: item } };
      }
      return undefined;
    });
    const { router } = renderApp("/cittadino/ricerca");
    expect(await screen.findByRole("heading", { level: 1, name: "Cerca una struttura" })).toBeTruthy();

    await screen.findByRole("option", { name: "Lazio" });
    fireEvent.change(screen.getByLabelText("Regione"), { target: { value: "Lazio" } });
    await screen.findByRole("option", { name: "Roma" });
    fireEvent.change(screen.getByLabelText("Provincia"), { target: { value: "RM" } });
    await waitFor(() =>
      expect(within(screen.getByLabelText("Comune")).queryByRole("option", { name: "Roma" })).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText("Comune"), { target: { value: "Roma" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));

    const results = await screen.findByTestId("search-results");
    const searchCall = calls.find((c) => c.url.startsWith("/api/v1/companies/search/subtype"));
    expect(searchCall?.url).toContain("comune=Roma");
    expect(searchCall?.url).toContain("provincia=RM");
    fireEvent.click(within(results).getByRole("link", { name: "Farmacia San Pietro" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Farmacia San Pietro" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/cittadino/ricerca/c1");
    expect(screen.getByText("08:30–12:30")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Imposta come struttura preferita"));
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi al circolo di cura" }));
    expect(await screen.findByText("Struttura aggiunta al circolo di cura")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/company/relationship")?.body).toEqual({
      company_id: "c1",
      preferred: true,
    });
    expect(await screen.findByTestId("in-circle")).toBeTruthy();

    // Back to the search: the filters are in the address, the results come back.
    fireEvent.click(screen.getByRole("link", { name: "Torna alla ricerca" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cittadino/ricerca"));
    expect(router.state.location.search).toContain("comune=Roma");
    expect(await screen.findByTestId("search-results")).toBeTruthy();
    expect((screen.getByLabelText("Comune") as HTMLSelectElement).value).toBe("Roma");
  });

  it("aborts an older search when a newer one starts, and says when nothing is found", async () => {
    signInAs(makeUser({ type: 0 }));
    const signals: AbortSignal[] = [];
    mockFetch((call) => geoAnswer(call));
    const base = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith("/api/v1/companies/search/subtype")) {
          if (init?.signal) signals.push(init.signal);
          return Promise.resolve(
            new Response(JSON.stringify({ data: [], meta: { page: 1, per_page: 10, total: 0 } }), { status: 200 }),
          );
        }
        return base(input, init);
      }),
    );
    renderApp("/cittadino/ricerca");
    fireEvent.change(await screen.findByLabelText("Nome della struttura"), { target: { value: "Primo" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    fireEvent.change(screen.getByLabelText("Nome della struttura"), { target: { value: "Secondo" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    expect(await screen.findByText("Non è stato possibile trovare aziende per il servizio richiesto")).toBeTruthy();
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });
});

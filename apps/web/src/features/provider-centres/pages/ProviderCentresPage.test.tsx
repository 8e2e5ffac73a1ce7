import { COMPANY_LEVELS } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const centre = {
  hashid: "k1",
  name: "Poliambulatorio Tiburtino",
  type: "poliambulatorio",
  type_label: "Poliambulatorio",
  subtype: null,
  subtype_label: "Poliambulatorio specialistico",
  level: 1,
  address: "Via Tiburtina 100",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00159",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
};
const detail = {
  ...centre,
  email: null,
  phone: "061234567",
  website: null,
  services: [],
  pec: null,
  vat_number: null,
  description: null,
  asl: null,
  openings: {
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] })),
    inherited: false,
    time_zone: "Europe/Rome",
  },
  options: { overlap: false, report: false },
  code: null,
  managed_by: { hashid: "r1", name: "Centrale" },
};
const room = {
  hashid: "r1",
  name: "Centrale di Monitoraggio",
  level: COMPANY_LEVELS.monitoringRoom,
  active_services: [],
  bancaDati: [],
};

describe("provider centres (centri erogatori)", () => {
  it("lists the managed centres and manages one: hours and the overlap option", async () => {
    signInAs(makeUser({ type: 1, company: room }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/compact/search"))
        return { status: 200, body: { data: [centre], meta: { page: 1, per_page: 100, total: 1 } } };
      if (call.url === "/api/v1/companies/k1") return { status: 200, body: { data: detail } };
      if (call.url.startsWith("/api/v1/companies/k1/healthservices"))
        return { status: 200, body: { data: [], meta: { page: 1, per_page: 100, total: 0 } } };
      if (call.url === "/api/v1/companies/k1/prohibidates") return { status: 200, body: { data: [] } };
      if (call.url === "/api/v1/companies/k1/openings") return { status: 200, body: { data: detail.openings } };
      if (call.url === "/api/v1/companies/k1/option/overlap")
        return { status: 200, body: { data: { overlap: true, report: false } } };
      return undefined;
    });
    renderApp("/operatore/centriErogatori");
    const table = await screen.findByRole("table", { name: "Centri erogatori gestiti (1)" });
    expect(calls.find((c) => c.url.startsWith("/api/v1/companies/compact/search"))?.url).toContain("managed=true");
    fireEvent.click(within(table).getByRole("link", { name: "Poliambulatorio Tiburtino" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Poliambulatorio Tiburtino" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi fascia a Martedì" }));
    fireEvent.click(screen.getByRole("button", { name: "Salva orari" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/companies/k1/openings")?.body).toEqual({
        days: [{ weekday: 2, ranges: [{ from: "09:00", to: "13:00" }] }],
      }),
    );
    fireEvent.click(screen.getByLabelText("Consenti più prenotazioni nello stesso slot"));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/companies/k1/option/overlap")?.body).toEqual({ overlap: true }),
    );
  });

  it("sends an unknown section back to the list", async () => {
    signInAs(makeUser({ type: 1, company: room }));
    mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/compact/search")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 100, total: 0 } } }
        : undefined,
    );
    renderApp("/operatore/centriErogatori/altro");
    expect(await screen.findByText("La centrale non gestisce ancora centri erogatori.")).toBeTruthy();
  });
});

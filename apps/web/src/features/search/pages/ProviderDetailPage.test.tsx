import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

/** Issue 16, defect 2: a provider's page leads to the booking, not to a dead end. */

const company = {
  hashid: "c1",
  name: "Poliambulatorio Tiburtino",
  type: "poliambulatorio",
  type_label: "Poliambulatorio",
  subtype: "poliambulatorio",
  subtype_label: "Poliambulatorio specialistico",
  level: 1,
  address: "Via Tiburtina 100",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00185",
  latitude: 41.9,
  longitude: 12.5,
  distance_km: null,
  picture: null,
  email: null,
  phone: null,
  website: null,
  services: [],
  pec: null,
  vat_number: null,
  description: null,
  asl: null,
  openings: { days: [], inherited: false, time_zone: "Europe/Rome" },
  options: null,
  code: null,
  managed_by: null,
};
const service = (hashid: string, name: string, price: number | null) => ({
  hashid,
  name,
  description: null,
  position_ref: 1,
  slot_minutes: 30,
  price,
  capacity: null,
  active: true,
  has_openings: false,
  attachments: 0,
  survey: null,
  company: { hashid: "c1", name: company.name },
});
const services = [service("hs1", "Visita cardiologica", 120), service("hs2", "Ecografia addominale", null)];

function respond(call: FetchCall) {
  if (call.url === "/api/v1/companies/c1") return { status: 200, body: { data: company } };
  if (call.url === "/api/v1/healthservices/company/all/c1") return { status: 200, body: { data: services } };
  if (call.url === "/api/v1/users/own/circolocura") return { status: 200, body: { data: [] } };
  if (call.url === "/api/v1/familymembers") return { status: 200, body: { data: [] } };
  if (call.url.startsWith("/api/v1/healthservices/slots/array/hs1"))
    return {
      status: 200,
      body: {
        data: { from: "", to: "", time_zone: "Europe/Rome", slot_minutes: 30, overlap: false, days: [] },
        message: "Nessuna disponibilità per la settimana corrente",
      },
    };
  return undefined;
}

describe("provider detail", () => {
  it("lists the services a citizen can book, and 'Prenota' opens the wizard at the date with the service chosen", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respond);
    const { router } = renderApp("/cittadino/ricerca/c1");
    const list = await screen.findByTestId("bookable-services");
    expect(within(list).getByText("Visita cardiologica")).toBeTruthy();
    expect(within(list).getByText(/120,00/)).toBeTruthy();
    const book = within(list).getByRole("link", { name: "Prenota Visita cardiologica" });
    expect(book.getAttribute("href")).toBe("/cittadino/appuntamenti/nuovo/prestazione?company=c1&service=hs1");
    expect(within(list).getByRole("link", { name: "Prenota Ecografia addominale" })).toBeTruthy();

    fireEvent.click(book);
    expect(await screen.findByRole("heading", { level: 2, name: "Data" })).toBeTruthy();
    expect(router.state.location.search).toBe("?company=c1&service=hs1");
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith("/api/v1/healthservices/slots/array/hs1"))).toBe(true),
    );
  });

  it("says so when the provider offers nothing to book online", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) =>
      call.url === "/api/v1/healthservices/company/all/c1" ? { status: 200, body: { data: [] } } : respond(call),
    );
    renderApp("/cittadino/ricerca/c1");
    expect(await screen.findByText("Questa struttura non offre prestazioni prenotabili online.")).toBeTruthy();
    expect(screen.queryByTestId("bookable-services")).toBeNull();
  });
});

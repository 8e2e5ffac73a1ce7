import type { TAdminBooking } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const admin = makeUser({ type: 2 });

const visit: TAdminBooking = {
  hashid: "b1",
  kind: "prestazione",
  status: "confermato",
  start_at: "2026-05-04T08:30:00.000Z",
  created_at: "2026-05-01T10:00:00.000Z",
  company: { hashid: "c1", name: "Farmacia San Marco" },
  service: "Misurazione della pressione",
  products: [],
  citizen: { name: "Maria", surname: "Rossi", cf: "RSSMRA80A41H501X" },
  for_member: null,
};

const order: TAdminBooking = {
  ...visit,
  hashid: "b2",
  kind: "prodotto",
  status: "ricevuto",
  start_at: null,
  service: null,
  products: [{ name: "Tachipirina 500", quantity: 2 }],
};

function respond() {
  return mockFetch((call) => {
    if (call.url.startsWith("/api/v1/admin/reservations?")) {
      const farmaci = call.url.includes("section=farmaci");
      const data = farmaci ? [order] : [visit];
      return { status: 200, body: { data, meta: { page: 1, per_page: 20, total: 1 } } };
    }
    if (call.url.startsWith("/api/v1/companies?"))
      return {
        status: 200,
        body: { data: [{ hashid: "c1", name: "Farmacia San Marco" }], meta: { page: 1, per_page: 100, total: 1 } },
      };
    return undefined;
  });
}

describe("administrator's bookings", () => {
  it("the visits entry lists visits and services, with the citizen and the company", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/prenotazioni");
    expect(await screen.findByRole("heading", { name: "Prenotazioni di visite e servizi" })).toBeTruthy();
    const row = (await screen.findAllByTestId("admin-booking-row"))[0] as HTMLElement;
    expect(within(row).getByText("Misurazione della pressione")).toBeTruthy();
    expect(within(row).getByText("RSSMRA80A41H501X")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Farmacia San Marco" }).getAttribute("href")).toBe(
      "/admin/aziende/dettaglio/c1",
    );
    expect(calls.some((c) => c.url.includes("section=servizi"))).toBe(true);
  });

  it("the medicines entry lists orders, filters by status and company, and exports", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/prenotazioni/farmaci");
    expect(await screen.findByRole("heading", { name: "Prenotazioni di farmaci" })).toBeTruthy();
    expect(await screen.findByText("Tachipirina 500 × 2")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Stato"), { target: { value: "evaso" } });
    await screen.findByRole("option", { name: "Farmacia San Marco" });
    fireEvent.change(screen.getByLabelText("Azienda"), { target: { value: "c1" } });
    fireEvent.change(screen.getByLabelText(/Cittadino/), { target: { value: " rossi " } });
    fireEvent.click(screen.getByRole("button", { name: "Applica i filtri" }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes("section=farmaci") &&
            c.url.includes("status=evaso") &&
            c.url.includes("company=c1") &&
            c.url.includes("q=rossi"),
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole("button", { name: "Esporta in Excel" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("export=xls") && c.url.includes("status=evaso"))).toBe(true),
    );
  });
});

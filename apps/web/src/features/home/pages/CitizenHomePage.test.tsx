import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeBooking } from "../../../test/bookings.ts";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

describe("citizen home", () => {
  it("greets by time of day and shows today's bookings and the recent requests by kind", async () => {
    signInAs(makeUser({ type: 0 }));
    const today = makeBooking({
      hashid: "t1",
      status: "confermato",
      health_service: { hashid: "s1", name: "Prelievo del sangue" },
    });
    const order = makeBooking({
      hashid: "o1",
      kind: "prodotto",
      health_service: null,
      start: null,
      end: null,
      products: [{ code: "A1", quantity: 1, name: "Aspirina" }],
    });
    mockFetch((call) => {
      if (call.url === "/api/v1/users/own/reservations/today") return { status: 200, body: { data: [today] } };
      if (call.url === "/api/v1/users/own/reservations/latest") return { status: 200, body: { data: [order, today] } };
      return undefined;
    });
    renderApp("/cittadino/home");
    expect(
      await screen.findByRole("heading", { level: 1, name: /^(Buongiorno|Buon pomeriggio|Buonasera), Mario$/ }),
    ).toBeTruthy();

    const todayList = await screen.findByTestId("today-bookings");
    expect(within(todayList).getByRole("link", { name: "Prelievo del sangue" }).getAttribute("href")).toBe(
      "/cittadino/appuntamenti/dettaglio/t1",
    );

    const visits = await screen.findByTestId("recent-prestazione");
    expect(within(visits).getByText("Prelievo del sangue")).toBeTruthy();
    const medicines = screen.getByTestId("recent-prodotto");
    expect(within(medicines).getByRole("link", { name: "Ordine: Aspirina" })).toBeTruthy();
    // Teleconsultations are bookings of kind teleconsulto (issue 10): none among the latest, none shown.
    expect(within(screen.getByTestId("recent-teleconsulto")).getByText("Nessuna richiesta recente.")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Nuova prenotazione" })[0]?.getAttribute("href")).toBe(
      "/cittadino/appuntamenti/nuovo/prestazione",
    );
  });

  it("says so when there is nothing today", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) =>
      call.url.startsWith("/api/v1/users/own/reservations/") ? { status: 200, body: { data: [] } } : undefined,
    );
    renderApp("/cittadino/home");
    expect(await screen.findByText("Oggi non hai appuntamenti.")).toBeTruthy();
    // Visits and services, medicines, teleconsultations.
    expect(await screen.findAllByText("Nessuna richiesta recente.")).toHaveLength(3);
  });

  it("shows the cards with the error when the lists fail, asking for each list once", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/users/own/reservations/")
        ? { status: 403, body: { message: "Operazione non consentita" } }
        : undefined,
    );
    renderApp("/cittadino/home");
    expect(await screen.findAllByText("Operazione non consentita")).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = (path: string) => calls.filter((c) => c.url === `/api/v1/users/own/reservations/${path}`).length;
    expect([asked("today"), asked("latest")]).toEqual([1, 1]);
    expect(screen.queryByText("Caricamento in corso…")).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { bookingOperator, operatorBooking, paged } from "../test-data.ts";

describe("conferma-annullamento and the operator home", () => {
  it("lists the citizens' changes: confirm a change request, take note of a cancellation", async () => {
    signInAs(bookingOperator());
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/reservations/company/own?"))
        return {
          status: 200,
          body: paged([
            operatorBooking({ hashid: "b1", code: "PR-AAAA-0001", awaiting: "change_request" }),
            operatorBooking({ hashid: "b2", code: "PR-AAAA-0002", awaiting: "cancelled", status: "annullato" }),
          ]),
        };
      if (call.url === "/api/v1/reservations/company/confirmCR/b1" || call.url === "/api/v1/reservations/handled/b2")
        return { status: 200, body: { data: operatorBooking({ awaiting: null }) } };
      return undefined;
    });
    renderApp("/operatore/conferma-annullamento");
    expect(await screen.findByRole("heading", { level: 1, name: "Conferme e annullamenti" })).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith("/api/v1/reservations/company/own?"))?.url).toContain("awaiting=changes");
    fireEvent.click(await screen.findByRole("button", { name: "Conferma la nuova data PR-AAAA-0001" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("confirmCR/b1") && c.method === "POST")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Presa visione PR-AAAA-0002" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("handled/b2"))).toBe(true));
  });

  it("shows today's bookings and those waiting on the home, with the Prenotazioni menu entry", async () => {
    signInAs(bookingOperator());
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/reservations/calendar"))
        return { status: 200, body: { data: [operatorBooking({ hashid: "t1", status: "confermato" })] } };
      if (call.url.startsWith("/api/v1/companies/own/reservations/statisticsbydate"))
        return {
          status: 200,
          body: {
            data: {
              date: "2030-03-04",
              total: 3,
              by_status: { ricevuto: 1, in_attesa: 0, confermato: 2, evaso: 0, rifiutato: 0, annullato: 0 },
              week: [],
            },
          },
        };
      if (call.url.startsWith("/api/v1/reservations/company/own?"))
        return { status: 200, body: paged([operatorBooking({ hashid: "p1", code: "PR-PEND-0001" })]) };
      return undefined;
    });
    renderApp("/operatore/home");
    const today = (await screen.findByRole("heading", { name: "Prenotazioni di oggi" })).closest(
      ".card",
    ) as HTMLElement;
    expect(await within(today).findByText(/Misurazione pressione · Maria Rossi/)).toBeTruthy();
    expect(within(today).getByTestId("today-counts").textContent).toBe(
      "Oggi 3 appuntamenti: 2 confermati, 1 da confermare.",
    );
    const pending = screen.getByRole("heading", { name: "In attesa di un operatore" }).closest(".card") as HTMLElement;
    const link = await within(pending).findByRole("link", { name: /PR-PEND-0001/ });
    expect(link.getAttribute("href")).toBe("/operatore/prenotazioni/dettaglio/p1");
    const menu = screen.getByRole("link", { name: "Prenotazioni" });
    expect(menu.getAttribute("href")).toBe("/operatore/prenotazioni");
  });

  it("says one appointment in the singular", async () => {
    signInAs(bookingOperator());
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/reservations/calendar"))
        return { status: 200, body: { data: [operatorBooking({ hashid: "t1", status: "confermato" })] } };
      if (call.url.startsWith("/api/v1/companies/own/reservations/statisticsbydate"))
        return {
          status: 200,
          body: {
            data: {
              date: "2030-03-04",
              total: 1,
              by_status: { ricevuto: 0, in_attesa: 0, confermato: 1, evaso: 0, rifiutato: 0, annullato: 0 },
              week: [],
            },
          },
        };
      if (call.url.startsWith("/api/v1/reservations/company/own?")) return { status: 200, body: paged([]) };
      return undefined;
    });
    renderApp("/operatore/home");
    expect((await screen.findByTestId("today-counts")).textContent).toBe(
      "Oggi 1 appuntamento: 1 confermato, 0 da confermare.",
    );
  });

  it("shows the home's cards once the lists have answered, and asks nothing of a company without bookings", async () => {
    const withoutBookings = bookingOperator();
    if (withoutBookings.company) withoutBookings.company.active_services = [];
    signInAs(withoutBookings);
    const { calls } = mockFetch(() => undefined);
    renderApp("/operatore/home");
    expect(await screen.findByRole("heading", { name: "La tua struttura" })).toBeTruthy();
    expect(screen.queryByText("Caricamento in corso…")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Prenotazioni di oggi" })).toBeNull();
    expect(calls.filter((c) => /reservations/.test(c.url))).toEqual([]);
  });
});

import { BOOKING_LIST_GROUPS, type BookingListGroup, type TBooking } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeBooking } from "../../../test/bookings.ts";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const bookings = [
  makeBooking({ hashid: "r1", status: "ricevuto", health_service: { hashid: "s1", name: "Visita cardiologica" } }),
  makeBooking({ hashid: "r2", status: "in_attesa", health_service: { hashid: "s2", name: "Ecografia" } }),
  makeBooking({ hashid: "r3", status: "confermato", health_service: { hashid: "s3", name: "Holter" } }),
  makeBooking({ hashid: "r4", status: "annullato", health_service: { hashid: "s4", name: "Spirometria" } }),
  makeBooking({
    hashid: "r5",
    kind: "prodotto",
    status: "ricevuto",
    health_service: null,
    start: null,
    end: null,
    products: [{ code: "A1", quantity: 2, name: "Tachipirina 500" }],
  }),
];

/**
 * A stand-in for the API's paged list and counts: filters `all` by `group` and `kind` as the server
 * does (what awaits the citizen first) and pages it by `page` and `per_page`.
 */
function fakeServer(all: TBooking[]) {
  return (call: FetchCall) => {
    const url = new URL(call.url, "http://localhost");
    if (url.pathname === "/api/v1/users/own/reservations/counts") {
      const count = (kind: string, group: BookingListGroup) =>
        all.filter((b) => b.kind === kind && BOOKING_LIST_GROUPS[group].includes(b.status)).length;
      const of = (kind: string) => ({
        pending: count(kind, "pending"),
        confirmed: count(kind, "confirmed"),
        history: count(kind, "history"),
      });
      return { status: 200, body: { data: { prestazione: of("prestazione"), prodotto: of("prodotto") } } };
    }
    if (url.pathname !== "/api/v1/users/own/reservations") return undefined;
    const group = url.searchParams.get("group") as BookingListGroup;
    const statuses: readonly string[] = BOOKING_LIST_GROUPS[group];
    const page = Number(url.searchParams.get("page"));
    const perPage = Number(url.searchParams.get("per_page"));
    const rows = all
      .filter((b) => b.kind === url.searchParams.get("kind") && statuses.includes(b.status))
      .sort((a, b) => Number(b.status === "in_attesa") - Number(a.status === "in_attesa"));
    return {
      status: 200,
      body: {
        data: rows.slice((page - 1) * perPage, page * perPage),
        meta: { page, per_page: perPage, total: rows.length },
      },
    };
  };
}

const titles = () => screen.getAllByTestId("booking-card").map((card) => within(card).getByRole("heading").textContent);
const listCalls = (calls: FetchCall[]) =>
  calls.map((c) => c.url).filter((url) => url.startsWith("/api/v1/users/own/reservations?"));

describe("citizen bookings lists", () => {
  it("opens the pending visits from the menu entry and asks the server for each tab and kind", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(fakeServer(bookings));
    const { router } = renderApp("/cittadino/appuntamenti");
    expect(await screen.findByRole("heading", { level: 1, name: "Appuntamenti" })).toBeTruthy();
    await screen.findAllByTestId("booking-card");
    expect(router.state.location.pathname).toBe("/cittadino/appuntamenti/in-attesa/prestazione");
    expect(listCalls(calls)).toEqual([
      "/api/v1/users/own/reservations?group=pending&kind=prestazione&page=1&per_page=10",
    ]);
    // The proposal waiting for the citizen's answer comes first, as the server orders it.
    expect(titles()).toEqual(["Ecografia", "Visita cardiologica"]);
    // Each card carries its status in words, in the domain's colour.
    const badges = screen.getAllByTestId("booking-status");
    expect(badges.map((b) => b.textContent)).toEqual(["In attesa di risposta", "Ricevuto"]);
    expect(badges[0]?.className).toContain("bg-warning");
    // The tabs show their counts, from one call for every tab.
    expect((await screen.findByRole("link", { name: /^In attesa\s*2$/ })).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: /^Confermate\s*1$/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Storico\s*1$/ })).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: /Confermate/ }));
    await waitFor(() => expect(titles()).toEqual(["Holter"]));
    expect(screen.getByTestId("booking-status").className).toContain("bg-success");

    fireEvent.click(screen.getByRole("link", { name: /Storico/ }));
    await waitFor(() => expect(titles()).toEqual(["Spirometria"]));

    fireEvent.click(screen.getByRole("link", { name: "Farmaci" }));
    expect(await screen.findByText("Lo storico è vuoto.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /^In attesa\s*1$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: /In attesa/ }));
    await waitFor(() => expect(titles()).toEqual(["Ordine: Tachipirina 500"]));
    expect(router.state.location.pathname).toBe("/cittadino/appuntamenti/in-attesa/prodotto");
    expect(listCalls(calls)).toContain("/api/v1/users/own/reservations?group=pending&kind=prodotto&page=1&per_page=10");
    expect(calls.filter((c) => c.url === "/api/v1/users/own/reservations/counts")).toHaveLength(1);

    // The new booking button leads to the wizard of the same kind.
    expect(screen.getAllByRole("link", { name: "Nuova prenotazione" })[0]?.getAttribute("href")).toBe(
      "/cittadino/appuntamenti/nuovo/prodotto",
    );
  });

  it("pages a long tab ten at a time on the server", async () => {
    signInAs(makeUser({ type: 0 }));
    const many = Array.from({ length: 12 }, (_, i) =>
      makeBooking({ hashid: `m${i}`, status: "confermato", health_service: { hashid: `s${i}`, name: `Visita ${i}` } }),
    );
    const { calls } = mockFetch(fakeServer(many));
    const { router } = renderApp("/cittadino/appuntamenti/confermate/prestazione");
    await screen.findAllByTestId("booking-card");
    expect(titles()).toHaveLength(10);
    expect(screen.getByText("Pagina 1 di 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Successiva" }));
    await waitFor(() => expect(titles()).toEqual(["Visita 10", "Visita 11"]));
    expect(router.state.location.search).toBe("?page=2");
    expect(listCalls(calls).at(-1)).toBe(
      "/api/v1/users/own/reservations?group=confirmed&kind=prestazione&page=2&per_page=10",
    );
    fireEvent.click(screen.getByRole("button", { name: "Precedente" }));
    await waitFor(() => expect(titles()).toHaveLength(10));
  });

  it("moves a page past the end back to the last page", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch(fakeServer(bookings));
    const { router } = renderApp("/cittadino/appuntamenti/confermate/prestazione?page=4");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(titles()).toEqual(["Holter"]));
  });
});

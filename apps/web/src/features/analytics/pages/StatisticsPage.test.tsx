import { COMPANY_LEVELS } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const zero = { ricevuto: 0, in_attesa: 0, confermato: 0, evaso: 0, non_presentato: 0, rifiutato: 0, annullato: 0 };
const stats = {
  from: "2026-11-02",
  to: "2026-11-04",
  time_zone: "Europe/Rome",
  interval: "day",
  total: 5,
  by_status: [
    { status: "ricevuto", label: "ricevuto", count: 2 },
    { status: "in_attesa", label: "in attesa di risposta", count: 0 },
    { status: "confermato", label: "confermato", count: 2 },
    { status: "evaso", label: "evaso", count: 0 },
    { status: "rifiutato", label: "rifiutato", count: 1 },
    { status: "annullato", label: "annullato", count: 0 },
  ],
  by_service: [
    { hashid: "h1", name: "Holter pressorio", count: 3 },
    { hashid: "h2", name: "Test della glicemia", count: 2 },
  ],
  over_time: [
    { period: "2026-11-02", total: 4, by_status: { ...zero, ricevuto: 2, confermato: 2 } },
    { period: "2026-11-03", total: 0, by_status: zero },
    { period: "2026-11-04", total: 1, by_status: { ...zero, rifiutato: 1 } },
  ],
  no_shows: [],
};

const company = (level: number) => ({
  hashid: "c1",
  name: "Farmacia San Marco",
  level,
  active_services: [],
  bancaDati: [],
});

describe("statistics page (analitiche)", () => {
  it("gives every chart a data table: by status, by service, and the days with bookings", async () => {
    signInAs(makeUser({ type: 1, company: company(COMPANY_LEVELS.firstLevel) }));
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/own/statistics") ? { status: 200, body: { data: stats } } : undefined,
    );
    renderApp("/operatore/analitiche");
    expect(await screen.findByRole("heading", { level: 1, name: "Analitiche" })).toBeTruthy();

    const byStatus = await screen.findByRole("table", { name: "Prenotazioni per stato" });
    const statusRow = within(byStatus).getByRole("row", { name: /Confermate/ });
    expect(within(statusRow).getByRole("cell").textContent).toBe("2");
    expect(within(byStatus).getByRole("row", { name: /Totale/ }).textContent).toContain("5");

    const byService = screen.getByRole("table", { name: "Prenotazioni per prestazione" });
    expect(
      within(byService)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["PrestazionePrenotazioni", "Holter pressorio3", "Test della glicemia2"]);

    const overTime = screen.getByRole("table", { name: /Prenotazioni per giorno/ });
    // The empty day is left out of the table; the chart still has it.
    expect(within(overTime).getAllByRole("row")).toHaveLength(3);
    expect(within(overTime).getByRole("row", { name: /02\/11\/2026/ }).textContent).toContain("4");

    // Each chart has an accessible name that points at its table.
    expect(screen.getByRole("img", { name: /Grafico delle prenotazioni per stato \(5 in totale\)/ })).toBeTruthy();
    expect(screen.getByText(/5 prenotazioni con appuntamento/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Dal giorno"), { target: { value: "2026-10-01" } });
    fireEvent.change(screen.getByLabelText("Al giorno"), { target: { value: "2026-12-31" } });
    fireEvent.change(screen.getByLabelText("Raggruppa per"), { target: { value: "month" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiorna" }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        "/api/v1/companies/own/statistics?from=2026-10-01&to=2026-12-31&interval=month",
      ),
    );
  });

  it("tells a monitoring room the page is for first-level companies, without asking the API", async () => {
    signInAs(makeUser({ type: 1, company: company(COMPANY_LEVELS.monitoringRoom) }));
    const { calls } = mockFetch();
    renderApp("/operatore/analitiche");
    expect(await screen.findByText("Le analitiche sono riservate alle aziende di primo livello.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(calls.some((c) => c.url.startsWith("/api/v1/companies/own/statistics"))).toBe(false);
  });
});

import { COMPANY_LEVELS, type TCompanyStatistics } from "@cura/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { NoShowTable } from "./StatisticsTables.tsx";

const zero = { ricevuto: 0, in_attesa: 0, confermato: 0, evaso: 0, non_presentato: 0, rifiutato: 0, annullato: 0 };
const none = { served: 0, no_shows: 0, rate: null };
const stats: TCompanyStatistics = {
  from: "2026-01-01",
  to: "2026-02-28",
  time_zone: "Europe/Rome",
  interval: "month",
  total: 6,
  by_status: [
    { status: "evaso", label: "evaso", count: 3 },
    { status: "non_presentato", label: "non presentato", count: 3 },
  ],
  by_service: [{ hashid: "h1", name: "Holter pressorio", count: 6 }],
  over_time: [{ period: "2026-01-01", total: 6, by_status: { ...zero, evaso: 3, non_presentato: 3 } }],
  no_shows: [
    {
      hashid: "h1",
      name: "Holter pressorio",
      month: "2026-01-01",
      with_reminder: { served: 2, no_shows: 1, rate: 1 / 3 },
      without_reminder: { served: 1, no_shows: 2, rate: 2 / 3 },
    },
    { hashid: "h1", name: "Holter pressorio", month: "2026-02-01", with_reminder: none, without_reminder: none },
  ],
};

describe("no-show rates table (analitiche)", () => {
  it("is a captioned table with grouped headers: per service and month, with and without reminders", () => {
    render(<NoShowTable stats={stats} />);
    const table = screen.getByRole("table", {
      name: "Tasso di mancata presentazione per prestazione e mese, con e senza promemoria",
    });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => [h.textContent, h.getAttribute("scope")]);
    expect(headers).toEqual([
      ["Prestazione", "col"],
      ["Mese", "col"],
      ["Con promemoria", "colgroup"],
      ["Senza promemoria", "colgroup"],
      ["Evasi", "col"],
      ["Non presentati", "col"],
      ["Tasso", "col"],
      ["Evasi", "col"],
      ["Non presentati", "col"],
      ["Tasso", "col"],
    ]);
    const january = within(table).getByRole("row", { name: /gennaio 2026/ });
    expect(within(january).getByRole("rowheader").textContent).toBe("Holter pressorio");
    expect(
      within(january)
        .getAllByRole("cell")
        // Whether a space comes before "%" depends on the ICU data: the figures matter here.
        .map((c) => c.textContent?.replace(/\s/g, "")),
    ).toEqual(["gennaio2026", "2", "1", "33,3%", "1", "2", "66,7%"]);
    // A month with neither served nor missed appointments has no rate, said in words.
    const february = within(table).getByRole("row", { name: /febbraio 2026/ });
    expect(within(february).getAllByText("nessun appuntamento")).toHaveLength(2);
  });

  it("shows on the statistics page under its own heading, or says there is nothing to show", async () => {
    signInAs(
      makeUser({
        type: 1,
        company: {
          hashid: "c1",
          name: "Farmacia San Marco",
          level: COMPANY_LEVELS.firstLevel,
          active_services: [],
          bancaDati: [],
        },
      }),
    );
    mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/own/statistics")
        ? { status: 200, body: { data: { ...stats, no_shows: [] } } }
        : undefined,
    );
    renderApp("/operatore/analitiche");
    const heading = await screen.findByRole("heading", { level: 2, name: "Mancate presentazioni" });
    expect(heading).toBeTruthy();
    expect(screen.getByText("Nessun appuntamento evaso o non presentato nel periodo scelto.")).toBeTruthy();
    expect(screen.queryByTestId("statistics-no-show-table")).toBeNull();
  });
});

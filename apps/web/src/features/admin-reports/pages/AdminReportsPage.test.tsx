import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const range = { from: "2026-11-01", to: "2026-11-03", region: null };
const overview = (embeds = {}) => ({
  data: {
    embeds: { registrations: null, growth: null, activity: null, ...embeds },
    regions: ["Lazio", "Lombardia"],
    updated_at: "2026-11-25T08:07:00.000Z",
  },
});
const registrations = {
  ...range,
  weeks: [{ week: "2026-10-27", citizens: 5, operators: 1, admins: 0 }],
  services_by_company: [{ company: "c1", name: "Farmacia San Marco", active_services: 3 }],
  bookings_by_service: [
    { position_ref: 0, bookings: 2 },
    { position_ref: 1, bookings: 7 },
  ],
};
const growth = {
  ...range,
  days: ["2026-11-01", "2026-11-02", "2026-11-03"],
  total: [10, 12, 15],
  by_region: [
    { region: "Lazio", points: [6, 7, 9] },
    { region: "", points: [4, 5, 6] },
  ],
};
const activity = {
  ...range,
  days: [
    { day: "2026-11-01", active_citizens: 4, bookings: 3, teleconsults: 1, readings: 2, returning_share: 0.5 },
    { day: "2026-11-02", active_citizens: 0, bookings: 0, teleconsults: 0, readings: 0, returning_share: null },
  ],
  returning_share: 0.5,
};

describe("administrator's reports page", () => {
  it("draws each dashboard with a title, a description and its data table, and filters by region", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/admin/reports") return { status: 200, body: overview() };
      if (call.url.startsWith("/api/v1/admin/reports/registrations"))
        return { status: 200, body: { data: registrations } };
      if (call.url.startsWith("/api/v1/admin/reports/growth")) return { status: 200, body: { data: growth } };
      if (call.url.startsWith("/api/v1/admin/reports/activity")) return { status: 200, body: { data: activity } };
      return undefined;
    });
    renderApp("/admin/reports");
    expect(await screen.findByRole("heading", { level: 1, name: "Report" })).toBeTruthy();

    // Dashboard 1: registrations per week, services per company, bookings per service.
    const services = await screen.findByRole("table", { name: "Prenotazioni per servizio" });
    expect(
      within(services)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["ServizioPrenotazioni", "Ordini di prodotti2", "Prenotazioni7"]);
    // The chart's code is a lazy chunk of its own: on a loaded machine it arrives after the tables.
    expect(
      await screen.findByRole("img", {
        name: /Registrazioni per settimana e tipo di utente\. .*Registrazioni nel periodo: 6\./,
      }),
    ).toBeTruthy();
    expect(screen.getByRole("table", { name: "Servizi attivi per azienda" }).textContent).toContain(
      "Farmacia San Marco3",
    );

    // Dashboard 2: cumulative growth, by region (an empty region is "not given").
    fireEvent.click(screen.getByRole("tab", { name: "Crescita degli iscritti" }));
    const byRegion = await screen.findByRole("table", { name: "Cittadini iscritti per regione" });
    expect(within(byRegion).getByRole("row", { name: /Lazio/ }).textContent).toBe("Lazio69");
    expect(within(byRegion).getByRole("row", { name: /Regione non indicata/ })).toBeTruthy();
    expect(screen.getByRole("img", { name: /da 10 a 15 cittadini iscritti/ })).toBeTruthy();

    // Dashboard 3: activity; the days without any are left out of the tables.
    fireEvent.click(screen.getByRole("tab", { name: "Attività dei cittadini" }));
    const active = await screen.findByRole("table", { name: /Cittadini attivi al giorno/ });
    expect(within(active).getAllByRole("row")).toHaveLength(2);
    expect(within(active).getAllByRole("row")[1]?.textContent).toContain("50%");

    fireEvent.change(screen.getByLabelText("Regione"), { target: { value: "Lazio" } });
    fireEvent.change(screen.getByLabelText("Dal giorno"), { target: { value: "2026-01-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiorna" }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain("/api/v1/admin/reports/activity?from=2026-01-01&region=Lazio"),
    );
  });

  it("shows an external dashboard in a sandboxed frame when one is configured", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    mockFetch((call) =>
      call.url === "/api/v1/admin/reports"
        ? { status: 200, body: overview({ registrations: "https://bi.example.org/d/1" }) }
        : undefined,
    );
    renderApp("/admin/reports");
    const frame = await screen.findByTitle("Cruscotto esterno: Registrazioni, servizi e progetti");
    expect(frame.getAttribute("src")).toBe("https://bi.example.org/d/1");
    expect(frame.getAttribute("sandbox")).toContain("allow-scripts");
  });
});

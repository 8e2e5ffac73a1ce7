import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { booking } from "../test-data.ts";

describe("operator agenda", () => {
  it("shows the company's bookings with the patient and opens a booking's detail page", async () => {
    signInAs(makeUser({ type: 1 }));
    const today = new Date();
    const at = (day: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), day, hour).toISOString();
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/reservations/calendar"))
        return {
          status: 200,
          body: { data: [booking({ hashid: "b9", status: "ricevuto", start: at(15, 9), end: at(15, 10) })] },
        };
      return undefined;
    });
    const { router } = renderApp("/operatore/agenda");
    expect(await screen.findByRole("heading", { level: 1, name: "Agenda della struttura" })).toBeTruthy();
    const calendar = await screen.findByTestId("agenda-calendar");
    const item = await within(calendar).findByText(/Visita cardiologica · Maria Rossi/);
    // The status is said in words too, not by its group's colour alone, with the lists' label.
    expect(
      within(calendar).getByRole("link", { name: /Visita cardiologica · Maria Rossi ?\(Ricevuto\)$/ }),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.includes("reservations/calendar"))?.url).toMatch(/from=.*&to=/);
    // No events in a company's calendar: the type filter has no "Evento".
    expect(screen.queryByRole("checkbox", { name: /^Evento$/ })).toBeNull();
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/prenotazioni/dettaglio/b9"));
  });
});

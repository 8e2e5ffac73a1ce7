import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { bookingOperator, operatorBooking } from "../test-data.ts";

const { code: _code, awaiting: _awaiting, ...booking } = operatorBooking({ hashid: "b1" });
const created = {
  action: "created",
  from_status: null,
  to_status: "ricevuto",
  actor: "citizen",
  actor_name: "Maria Rossi",
  reason: null,
  start: null,
  created_at: "2030-03-01T08:00:00.000Z",
};

describe("operator booking detail: 'Non presentato' (issue 12)", () => {
  it("offers it beside closing once the appointment has started, and records the no-show after confirming", async () => {
    signInAs(bookingOperator());
    const hour = 3_600_000;
    const confirmed = { ...created, action: "confirm", from_status: "ricevuto", to_status: "confermato" };
    let current = {
      ...booking,
      status: "confermato",
      start: new Date(Date.now() + 8 * hour).toISOString(),
      end: new Date(Date.now() + 8.5 * hour).toISOString(),
    };
    let history = [created, confirmed];
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/reservations/details/all/b1") return { status: 200, body: { data: current } };
      if (call.url === "/api/v1/reservations/history/b1") return { status: 200, body: { data: history } };
      if (call.url === "/api/v1/reservations/requestcode/b1")
        return { status: 200, body: { data: { hashid: "b1", code: "PR-AAAA-0001" } } };
      if (call.url === "/api/v1/reservations/company/noshow/b1") {
        current = { ...current, status: "non_presentato" };
        history = [
          ...history,
          { ...confirmed, action: "no_show", from_status: "confermato", to_status: "non_presentato" },
        ];
        return { status: 200, body: { data: current } };
      }
      return undefined;
    });

    // Later today: the citizen cannot have missed it yet.
    const view = renderApp("/operatore/prenotazioni/dettaglio/b1");
    expect(await screen.findByRole("button", { name: "Prendi in carico" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Segna come non presentato" })).toBeNull();
    view.unmount();

    current = {
      ...current,
      start: new Date(Date.now() - hour).toISOString(),
      end: new Date(Date.now() - 0.5 * hour).toISOString(),
    };
    renderApp("/operatore/prenotazioni/dettaglio/b1");
    const noShow = await screen.findByRole("button", { name: "Segna come non presentato" });
    expect(screen.getByRole("button", { name: "Segna come evasa" })).toBeTruthy();
    fireEvent.click(noShow);
    const dialog = await screen.findByRole("dialog", {
      name: "Segnare che il cittadino non si è presentato all'appuntamento?",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("company/noshow/b1"))).toBe(true));
    expect(calls.some((c) => c.url.endsWith("company/close/b1"))).toBe(false);

    // Final: the status shows, no action is left.
    expect(await screen.findByText("Nessuna azione disponibile: la prenotazione è conclusa.")).toBeTruthy();
    expect(screen.getAllByText("Non presentato").length).toBeGreaterThan(0);
    expect(within(screen.getByTestId("booking-actions")).queryAllByRole("button")).toEqual([]);
  });
});

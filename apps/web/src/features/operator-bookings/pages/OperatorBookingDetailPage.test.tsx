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

function respond(history: unknown[], onReject: (body: unknown) => unknown) {
  return mockFetch((call) => {
    if (call.url === "/api/v1/reservations/details/all/b1") return { status: 200, body: { data: booking } };
    if (call.url === "/api/v1/reservations/history/b1") return { status: 200, body: { data: history } };
    if (call.url === "/api/v1/reservations/requestcode/b1")
      return { status: 200, body: { data: { hashid: "b1", code: "PR-AAAA-0001" } } };
    if (
      call.url === "/api/v1/reservations/company/reject/b1" ||
      call.url === "/api/v1/reservations/company/rejectCR/b1"
    )
      return onReject(call.body) as { status: number; body: unknown };
    return undefined;
  });
}

describe("operator booking detail", () => {
  it("refuses a booking only once a reason 1–4 is chosen, and shows the server's 409", async () => {
    signInAs(bookingOperator());
    let answer = {
      status: 409,
      body: { message: "Operazione non consentita per lo stato attuale della prenotazione" },
    };
    const { calls } = respond([created], () => answer);
    renderApp("/operatore/prenotazioni/dettaglio/b1");
    expect(await screen.findByRole("heading", { level: 1, name: "Misurazione pressione" })).toBeTruthy();
    expect(await screen.findByText("PR-AAAA-0001")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Conferma" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Segna come evasa" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Rifiuta" }));
    const dialog = await screen.findByRole("dialog");
    const radios = within(dialog).getAllByRole("radio");
    expect(radios).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(await within(dialog).findByText("Scegli il motivo")).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("company/reject/b1"))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText("Mancano dati essenziali: completa l'anagrafica"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(
      await within(dialog).findByText("Operazione non consentita per lo stato attuale della prenotazione"),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("company/reject/b1"))?.body).toEqual({ reason: 3 });

    answer = { status: 200, body: { data: { ...booking, status: "rifiutato", refusal_reason: 3 } } as never };
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers closing a confirmed booking only once its time has come, and nothing once it is closed", async () => {
    signInAs(bookingOperator());
    const hour = 3_600_000;
    const confirmedEvent = { ...created, action: "confirm", from_status: "ricevuto", to_status: "confermato" };
    let current = {
      ...booking,
      status: "confermato",
      start: new Date(Date.now() + 8 * hour).toISOString(),
      end: new Date(Date.now() + 8.5 * hour).toISOString(),
    };
    let history = [created, confirmedEvent];
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/reservations/details/all/b1") return { status: 200, body: { data: current } };
      if (call.url === "/api/v1/reservations/history/b1") return { status: 200, body: { data: history } };
      if (call.url === "/api/v1/reservations/requestcode/b1")
        return { status: 200, body: { data: { hashid: "b1", code: "PR-AAAA-0001" } } };
      if (call.url === "/api/v1/reservations/company/close/b1") {
        current = { ...current, status: "evaso" };
        history = [...history, { ...confirmedEvent, action: "close", from_status: "confermato", to_status: "evaso" }];
        return { status: 200, body: { data: current } };
      }
      return undefined;
    });

    // Later today: not served yet, so not closable; the page says from when.
    const view = renderApp("/operatore/prenotazioni/dettaglio/b1");
    expect(await screen.findByRole("button", { name: "Prendi in carico" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Segna come evasa" })).toBeNull();
    expect(screen.getByText("Potrai segnarla come evasa dall'orario dell'appuntamento.")).toBeTruthy();
    view.unmount();

    // Its time has come (an hour ago): closable.
    current = {
      ...current,
      start: new Date(Date.now() - hour).toISOString(),
      end: new Date(Date.now() - 0.5 * hour).toISOString(),
    };
    renderApp("/operatore/prenotazioni/dettaglio/b1");
    fireEvent.click(await screen.findByRole("button", { name: "Segna come evasa" }));
    const dialog = await screen.findByRole("dialog", { name: "Segnare la prenotazione come evasa?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("company/close/b1"))).toBe(true));

    // Closed: no action is left, taking charge included.
    expect(await screen.findByText("Nessuna azione disponibile: la prenotazione è conclusa.")).toBeTruthy();
    const actions = screen.getByTestId("booking-actions");
    expect(within(actions).queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Prendi in carico" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Segna come evasa" })).toBeNull();
  });

  it("answers a change request with confirmCR or rejectCR instead of confirm and refuse", async () => {
    signInAs(bookingOperator());
    const asked = { ...created, action: "request_new_date", from_status: "confermato", start: booking.start };
    const { calls } = respond([created, { ...created, action: "confirm", actor: "operator" }, asked], () => ({
      status: 200,
      body: { data: { ...booking, status: "rifiutato" } },
    }));
    renderApp("/operatore/prenotazioni/dettaglio/b1");
    expect(await screen.findByText(/Il cittadino ha chiesto una nuova data/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Conferma" })).toBeNull();
    expect(screen.getByRole("button", { name: "Conferma la nuova data" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Rifiuta la richiesta di modifica" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("Un imprevisto ci costringe ad annullare"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("rejectCR/b1"))?.body).toEqual({ reason: 4 }));
    // The history shows each change with who made it.
    const history = screen.getByRole("list", { name: "Storico" });
    expect(within(history).getByText("Nuova data richiesta")).toBeTruthy();
  });
  it("keeps a teleconsultation's messages read-only once its booking is final, as the server does", async () => {
    signInAs(bookingOperator());
    for (const [status, readOnly] of [
      ["confermato", false],
      ["evaso", true],
    ] as const) {
      const current = { ...booking, kind: "teleconsulto", status };
      mockFetch((call) => {
        if (call.url === "/api/v1/reservations/details/all/b1") return { status: 200, body: { data: current } };
        if (call.url === "/api/v1/reservations/history/b1") return { status: 200, body: { data: [created] } };
        if (call.url === "/api/v1/reservations/message/b1") return { status: 200, body: { data: [] } };
        return undefined;
      });
      const view = renderApp("/operatore/prenotazioni/dettaglio/b1");
      expect(await screen.findByRole("heading", { level: 1, name: "Misurazione pressione" })).toBeTruthy();
      if (readOnly) {
        expect((await screen.findByTestId("booking-messages-closed")).textContent).toBe(
          "La teleconsulenza è terminata: i messaggi si possono solo leggere.",
        );
        expect(screen.queryByLabelText("Scrivi un messaggio")).toBeNull();
      } else {
        expect(await screen.findByLabelText("Scrivi un messaggio")).toBeTruthy();
        expect(screen.queryByTestId("booking-messages-closed")).toBeNull();
      }
      view.unmount();
    }
  });
});

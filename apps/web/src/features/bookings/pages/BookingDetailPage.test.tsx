import type { TBooking } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeBooking } from "../../../test/bookings.ts";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const DETAIL = "/api/v1/reservations/details/all/b1";

/**
 * Serves one booking's detail like the server would: an action's answer becomes the booking the
 * detail call serves next (the page refetches after every change). `extra` answers the action calls.
 */
function serve(
  booking: TBooking,
  extra: (call: FetchCall) => { status: number; body?: unknown } | undefined = () => undefined,
) {
  signInAs(makeUser({ type: 0 }));
  let current = booking;
  return mockFetch((call) => {
    if (call.url === DETAIL) return { status: 200, body: { data: current } };
    if (call.url.startsWith("/api/v1/users/own/reservations")) return { status: 200, body: { data: [] } };
    const answer = extra(call);
    const data = (answer?.body as { data?: TBooking } | undefined)?.data;
    if (answer && answer.status === 200 && data?.hashid === booking.hashid) current = data;
    return answer;
  });
}

const buttonNames = () =>
  within(screen.getByRole("region", { name: /Cosa puoi fare|La struttura ha proposto/ }))
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("citizen booking detail", () => {
  it("offers accept, reject, another date and cancel on a proposal, and accepts it", async () => {
    const proposed = makeBooking({
      status: "in_attesa",
      proposed_start: "2099-03-12T14:00:00.000Z",
      proposed_end: "2099-03-12T14:30:00.000Z",
      family_member: { hashid: "f1", name: "Luca", surname: "Rossi" },
    });
    const { calls } = serve(proposed, (call) =>
      call.url === "/api/v1/reservations/user/confirm/b1"
        ? { status: 200, body: { data: { ...proposed, status: "confermato" }, message: "Prenotazione aggiornata" } }
        : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    expect(await screen.findByRole("heading", { level: 1, name: "Elettrocardiogramma" })).toBeTruthy();
    expect(screen.getByText("Luca Rossi")).toBeTruthy();
    expect(screen.getByTestId("booking-proposal").textContent).toContain("Nuova data proposta");
    expect(buttonNames()).toEqual([
      "Accetta la modifica",
      "Rifiuta la modifica",
      "Chiedi un'altra data",
      "Annulla la prenotazione",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Accetta la modifica" }));
    expect(await screen.findByText("Hai accettato la modifica: la prenotazione è confermata")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/v1/reservations/user/confirm/b1" && c.method === "GET")).toBe(true);
    await waitFor(() => expect(screen.getByTestId("booking-status").textContent).toBe("Confermato"));
  });

  it("offers only another date and cancel once confirmed, nothing once closed, and never another date for an order", async () => {
    serve(makeBooking({ status: "confermato" }));
    const first = renderApp("/cittadino/appuntamenti/dettaglio/b1");
    await screen.findByRole("heading", { level: 1 });
    expect(buttonNames()).toEqual(["Chiedi un'altra data", "Annulla la prenotazione"]);
    first.unmount();

    serve(makeBooking({ status: "evaso" }));
    const second = renderApp("/cittadino/appuntamenti/dettaglio/b1");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: /Cosa puoi fare/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Annulla la prenotazione" })).toBeNull();
    second.unmount();

    serve(
      makeBooking({
        status: "confermato",
        kind: "prodotto",
        health_service: null,
        products: [
          { code: "A1", quantity: 1, name: "Aspirina" },
          { code: "A2", quantity: 3, name: "Moment" },
        ],
      }),
    );
    const third = renderApp("/cittadino/appuntamenti/dettaglio/b1");
    await screen.findByRole("heading", { level: 1, name: "Ordine: Aspirina e un altro prodotto" });
    expect(screen.getByText("Moment × 3")).toBeTruthy();
    expect(buttonNames()).toEqual(["Annulla la prenotazione"]);
    third.unmount();

    // Once the appointment time has passed, the company closes it: nothing left to cancel or move.
    serve(makeBooking({ status: "confermato", start: "2020-01-10T09:00:00.000Z", end: "2020-01-10T09:30:00.000Z" }));
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: "Annulla la prenotazione" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Chiedi un'altra data" })).toBeNull();
  });

  it("sends a teleconsultation's withdrawal to its own page, whatever its start (a taken quick request started when taken)", async () => {
    serve(
      makeBooking({
        status: "confermato",
        kind: "teleconsulto",
        start: "2020-01-10T09:00:00.000Z",
        end: "2020-01-10T09:15:00.000Z",
      }),
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: "Annulla la prenotazione" })).toBeNull();
    const link = screen.getByRole("link", { name: /Apri il teleconsulto/ });
    expect(link.getAttribute("href")).toBe("/cittadino/teleconsulti/anteprima/b1");
  });

  it("keeps a teleconsultation's messages read-only once its call is over (the server refuses them), other bookings writable", async () => {
    const chat = (call: FetchCall) =>
      call.url === "/api/v1/reservations/message/b1" && call.method === "GET"
        ? {
            status: 200,
            body: {
              data: [
                {
                  hashid: "m1",
                  body: "Ho ancora la febbre",
                  author_kind: "citizen",
                  author_name: "Mario Rossi",
                  mine: true,
                  read_at: null,
                  created_at: "2026-11-20T09:00:00Z",
                },
              ],
            },
          }
        : undefined;
    const teleconsult = {
      kind: "teleconsulto" as const,
      start: "2020-01-10T09:00:00.000Z",
      end: "2020-01-10T09:15:00.000Z",
    };

    // While the call can still run: the form.
    serve(makeBooking({ ...teleconsult, status: "confermato" }), chat);
    const running = renderApp("/cittadino/appuntamenti/dettaglio/b1");
    expect(await screen.findByText("Ho ancora la febbre")).toBeTruthy();
    expect(screen.getByLabelText("Scrivi un messaggio")).toBeTruthy();
    running.unmount();

    // Ended (evaso) or closed without it (annullato): the conversation, a line, no form.
    for (const status of ["evaso", "annullato"] as const) {
      serve(makeBooking({ ...teleconsult, status }), chat);
      const over = renderApp("/cittadino/appuntamenti/dettaglio/b1");
      expect(await screen.findByText("Ho ancora la febbre")).toBeTruthy();
      expect(screen.getByTestId("booking-messages-closed").textContent).toBe(
        "La teleconsulenza è terminata: i messaggi si possono solo leggere.",
      );
      expect(screen.queryByLabelText("Scrivi un messaggio")).toBeNull();
      expect(screen.queryByRole("button", { name: "Invia" })).toBeNull();
      over.unmount();
    }

    // Any other booking served (evaso) keeps its form.
    serve(makeBooking({ status: "evaso" }), chat);
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    expect(await screen.findByText("Ho ancora la febbre")).toBeTruthy();
    expect(screen.getByLabelText("Scrivi un messaggio")).toBeTruthy();
    expect(screen.queryByTestId("booking-messages-closed")).toBeNull();
  });

  it("rejects a proposal after asking to confirm", async () => {
    const proposed = makeBooking({ status: "in_attesa", proposed_start: "2099-03-12T14:00:00.000Z" });
    const { calls } = serve(proposed, (call) =>
      call.url === "/api/v1/reservations/user/reject/b1"
        ? { status: 200, body: { data: { ...proposed, status: "annullato" } } }
        : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    fireEvent.click(await screen.findByRole("button", { name: "Rifiuta la modifica" }));
    const dialog = await screen.findByRole("dialog");
    expect(calls.some((c) => c.url.includes("/user/reject/"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta la modifica" }));
    expect(await screen.findByText("Hai rifiutato la modifica: la richiesta è chiusa")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/reservations/user/reject/b1")?.method).toBe("POST");
    await waitFor(() =>
      expect(screen.getByTestId("booking-outcome").textContent).toContain("Hai rifiutato la modifica proposta"),
    );
    expect(screen.queryByRole("button", { name: "Accetta la modifica" })).toBeNull();
  });

  it("downloads the calendar file and the PDF with the session's token", async () => {
    const createObjectURL = vi.fn(() => "blob:booking");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = serve(makeBooking({ status: "confermato" }), (call) =>
      call.url.startsWith("/api/v1/users/own/reservation/") ? { status: 200, body: "file" } : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi al calendario (.ics)" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const pdf = screen.getByRole("button", { name: "Scarica il riepilogo (PDF)" }) as HTMLButtonElement;
    await waitFor(() => expect(pdf.disabled).toBe(false));
    fireEvent.click(pdf);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    const files = calls.filter((c) => c.url.startsWith("/api/v1/users/own/reservation/"));
    expect(files.map((c) => c.url)).toEqual([
      "/api/v1/users/own/reservation/calendar/b1",
      "/api/v1/users/own/reservation/download/b1",
    ]);
    expect(files.every((c) => c.headers.Authorization?.startsWith("Bearer "))).toBe(true);
  });

  it("shows the refusal reason in words", async () => {
    serve(makeBooking({ status: "rifiutato", refusal_reason: 2 }));
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    const outcome = await screen.findByTestId("booking-outcome");
    expect(outcome.textContent).toContain("Problemi di approvvigionamento");
  });

  it("cancels only with a reason", async () => {
    const confirmed = makeBooking({ status: "confermato" });
    const { calls } = serve(confirmed, (call) =>
      call.url === "/api/v1/reservations/own/cancel/b1"
        ? { status: 200, body: { data: { ...confirmed, status: "annullato", cancellation_reason: 2 } } }
        : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    fireEvent.click(await screen.findByRole("button", { name: "Annulla la prenotazione" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla la prenotazione" }));
    expect(await within(dialog).findByText("Scegli un motivo")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("/cancel/"))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText("Non posso mantenere l'impegno"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla la prenotazione" }));
    expect(await screen.findByText("Prenotazione annullata")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/reservations/own/cancel/b1")?.body).toEqual({ reason: 2 });
    await waitFor(() => expect(screen.getByTestId("booking-outcome").textContent).toContain("Non posso mantenere"));
  });

  it("asks for another date with a free slot of the same service", async () => {
    const confirmed = makeBooking({ status: "confermato" });
    const { calls } = serve(confirmed, (call) => {
      if (call.url.startsWith("/api/v1/healthservices/slots/array/hs1"))
        return {
          status: 200,
          body: {
            data: {
              from: "2099-03-01",
              to: "2099-03-07",
              time_zone: "Europe/Rome",
              slot_minutes: 30,
              overlap: false,
              days: [
                {
                  date: "2099-03-02",
                  weekday: 1,
                  slots: [
                    {
                      start: "2099-03-02T08:00:00.000Z",
                      end: "2099-03-02T08:30:00.000Z",
                      time: "09:00",
                      end_time: "09:30",
                      available: 1,
                    },
                  ],
                },
              ],
            },
          },
        };
      if (call.url === "/api/v1/reservations/b1" && call.method === "PUT")
        return { status: 200, body: { data: { ...confirmed, status: "ricevuto" } } };
      return undefined;
    });
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    fireEvent.click(await screen.findByRole("button", { name: "Chiedi un'altra data" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByLabelText("09:00–09:30"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia la richiesta" }));
    expect(await screen.findByText("Nuova data richiesta: la struttura ti risponderà")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ start: "2099-03-02T08:00:00.000Z" });
  });
});

describe("booking notes", () => {
  it("are editable before the appointment time, and the server's refusal shows under the field", async () => {
    const { calls } = serve(makeBooking({ status: "confermato", notes: "Porto le analisi" }), (call) =>
      call.url === "/api/v1/reservations/notes/b1"
        ? { status: 409, body: { message: "Le note non sono più modificabili dopo l'orario dell'appuntamento" } }
        : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    const field = (await screen.findByLabelText("Le tue note")) as HTMLTextAreaElement;
    expect(field.value).toBe("Porto le analisi");
    fireEvent.change(field, { target: { value: "Porto le analisi e la ricetta" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva le note" }));
    expect(await screen.findByText("Le note non sono più modificabili dopo l'orario dell'appuntamento")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ notes: "Porto le analisi e la ricetta" });
  });

  it("are read-only after the appointment time", async () => {
    serve(
      makeBooking({
        status: "evaso",
        start: "2020-01-10T09:00:00.000Z",
        end: "2020-01-10T09:30:00.000Z",
        notes: "Digiuno dalle 8",
        operator_notes: "Portare la tessera sanitaria",
      }),
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    const readonly = await screen.findByTestId("booking-notes-readonly");
    expect(readonly.textContent).toContain("Digiuno dalle 8");
    expect(readonly.textContent).toContain("non sono più modificabili");
    expect(screen.queryByLabelText("Le tue note")).toBeNull();
    expect(screen.queryByRole("button", { name: "Salva le note" })).toBeNull();
    expect(screen.getByText("Portare la tessera sanitaria")).toBeTruthy();
  });
});

describe("booking history on the detail page", () => {
  it("shows the booking's timeline under the booking", async () => {
    serve(makeBooking({ status: "confermato" }), (call) =>
      call.url === "/api/v1/reservations/history/b1"
        ? {
            status: 200,
            body: {
              data: [
                {
                  action: "created",
                  from_status: null,
                  to_status: "ricevuto",
                  actor: "citizen",
                  actor_name: "Mario Rossi",
                  reason: null,
                  start: null,
                  created_at: "2026-11-20T09:00:00.000Z",
                },
                {
                  action: "confirm",
                  from_status: "ricevuto",
                  to_status: "confermato",
                  actor: "operator",
                  actor_name: null,
                  reason: null,
                  start: null,
                  created_at: "2026-11-20T10:00:00.000Z",
                },
              ],
            },
          }
        : undefined,
    );
    renderApp("/cittadino/appuntamenti/dettaglio/b1");
    const region = await screen.findByRole("region", { name: "Cronologia della prenotazione" });
    const items = await within(region).findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Richiesta inviata",
      "Prenotazione confermata",
    ]);
  });
});

import type { TBookingEvent } from "@cura/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../../notifications/test-render.tsx";
import { BookingHistory } from "./BookingHistory.tsx";

const event = (overrides: Partial<TBookingEvent>): TBookingEvent => ({
  action: "created",
  from_status: null,
  to_status: "ricevuto",
  actor: "citizen",
  actor_name: "Maria Rossi",
  reason: null,
  start: null,
  created_at: "2026-11-20T09:00:00.000Z",
  ...overrides,
});

const HISTORY = "/api/v1/reservations/history/B1";

describe("BookingHistory", () => {
  it("shows the events oldest first: what, the status it led to, why, who and when", async () => {
    mockFetch((call) =>
      call.url === HISTORY
        ? {
            status: 200,
            body: {
              data: [
                event({}),
                event({
                  action: "propose",
                  from_status: "ricevuto",
                  to_status: "in_attesa",
                  actor: "operator",
                  actor_name: null,
                  start: "2026-11-26T09:00:00.000Z",
                  created_at: "2026-11-20T10:00:00.000Z",
                }),
                event({
                  action: "message",
                  from_status: "in_attesa",
                  to_status: "in_attesa",
                  created_at: "2026-11-20T10:30:00.000Z",
                }),
                event({
                  action: "cancel",
                  from_status: "in_attesa",
                  to_status: "annullato",
                  reason: 2,
                  created_at: "2026-11-20T11:00:00.000Z",
                }),
                event({
                  action: "archived_by_job",
                  from_status: "annullato",
                  to_status: "annullato",
                  actor: null,
                  actor_name: null,
                  created_at: "2026-11-21T03:00:00.000Z",
                }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<BookingHistory bookingHashid="B1" />);
    const list = await screen.findByRole("list", { name: "Cronologia della prenotazione" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Richiesta inviata",
      "Nuova data proposta dalla struttura",
      "Messaggio inviato",
      "Prenotazione annullata",
      "Prenotazione aggiornata",
    ]);
    expect(items[0]?.textContent).toContain("Stato: Ricevuto");
    expect(items[0]?.textContent).toContain("da Maria Rossi");
    // The citizen is not told which operator acted: the server leaves the name out.
    expect(items[1]?.textContent).toContain("Stato: da «Ricevuto» a «In attesa di risposta»");
    expect(items[1]?.textContent).toContain("Data e ora: giovedì 26 novembre 2026");
    expect(items[1]?.textContent).toContain("da operatore della struttura");
    // A message changes no status: no status line.
    expect(items[2]?.textContent).not.toContain("Stato:");
    expect(items[3]?.textContent).toContain("Motivo: Non posso mantenere l'impegno");
    // No actor: the platform itself (the job runner).
    expect(items[4]?.textContent).toContain("da Cura");
    const time = items[0]?.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe("2026-11-20T09:00:00.000Z");
    expect(time?.textContent).toBe("venerdì 20 novembre 2026 alle ore 10:00");
  });

  it("says so when the history is empty, and shows the server's error", async () => {
    mockFetch((call) => (call.url === HISTORY ? { status: 200, body: { data: [] } } : undefined));
    const { unmount } = renderWithProviders(<BookingHistory bookingHashid="B1" />);
    expect(await screen.findByText("Nessun evento registrato.")).toBeTruthy();
    unmount();
    mockFetch(() => ({ status: 404, body: { message: "Risorsa non trovata" } }));
    renderWithProviders(<BookingHistory bookingHashid="B1" />);
    expect(await screen.findByText("Risorsa non trovata")).toBeTruthy();
  });
});

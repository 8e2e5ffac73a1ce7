import type { TBookingMessage } from "@cura/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../../notifications/test-render.tsx";
import { BookingMessages } from "./BookingMessages.tsx";

const message = (hashid: string, body: string, mine: boolean, readAt: string | null): TBookingMessage => ({
  hashid,
  body,
  author_kind: mine ? "citizen" : "operator",
  author_name: mine ? "Maria Rossi" : "Farmacia San Marco",
  mine,
  read_at: readAt,
  created_at: "2026-11-20T09:00:00Z",
});

function api() {
  const messages = [
    message("m1", "Posso portare mia figlia?", true, "2026-11-20T09:30:00Z"),
    message("m2", "Certo, vi aspettiamo.", false, null),
  ];
  return mockFetch((call) => {
    if (call.url !== "/api/v1/reservations/message/B1") return undefined;
    if (call.method === "GET") return { status: 200, body: { data: messages } };
    if (call.method === "PATCH") {
      const updated = messages.filter((m) => !m.mine && !m.read_at).length;
      for (const m of messages) if (!m.mine) m.read_at = "2026-11-20T10:00:00Z";
      return { status: 200, body: { data: { updated } } };
    }
    const { body } = call.body as { body: string };
    if (body === "rifiuta") return { status: 422, body: { message: "x", errors: { body: ["Testo non valido"] } } };
    const sent = message(`m${messages.length + 1}`, body, true, null);
    messages.push(sent);
    return { status: 201, body: { data: sent, message: "Messaggio inviato" } };
  });
}

describe("BookingMessages", () => {
  it("lists the conversation and marks the other party's unread messages read", async () => {
    const { calls } = api();
    renderWithProviders(<BookingMessages bookingHashid="B1" />);
    expect(await screen.findByText("Certo, vi aspettiamo.")).toBeTruthy();
    expect(screen.getByText("Farmacia San Marco")).toBeTruthy();
    expect(screen.getByText("Tu")).toBeTruthy();
    expect(screen.getByText("Letto")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/v1/reservations/message/B1" && c.method === "PATCH")).toHaveLength(1),
    );
  });

  it("sends a message, checks it first, and shows the server's field errors", async () => {
    const { calls } = api();
    renderWithProviders(<BookingMessages bookingHashid="B1" />);
    await screen.findByText("Certo, vi aspettiamo.");
    const field = screen.getByLabelText("Scrivi un messaggio");
    const send = screen.getByRole("button", { name: "Invia" });

    fireEvent.click(send);
    expect(await screen.findByText("Scrivi il messaggio")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(field, { target: { value: "rifiuta" } });
    fireEvent.click(send);
    expect(await screen.findByText("Testo non valido")).toBeTruthy();

    fireEvent.change(field, { target: { value: "Arrivo alle 9" } });
    fireEvent.click(send);
    expect(await screen.findByText("Arrivo alle 9")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { body: "rifiuta" },
      { body: "Arrivo alle 9" },
    ]);
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(""));
    expect(screen.getByText("Non ancora letto")).toBeTruthy();
  });

  it("says so when there are no messages or they cannot be loaded", async () => {
    mockFetch((call) => (call.method === "GET" ? { status: 200, body: { data: [] } } : undefined));
    const view = renderWithProviders(<BookingMessages bookingHashid="B1" />);
    expect(await screen.findByText("Non ci sono messaggi su questa prenotazione.")).toBeTruthy();
    view.unmount();
    mockFetch(() => ({ status: 404, body: { message: "Risorsa non trovata" } }));
    renderWithProviders(<BookingMessages bookingHashid="B1" />);
    expect(await screen.findByText("Non è stato possibile recuperare i messaggi")).toBeTruthy();
  });
});

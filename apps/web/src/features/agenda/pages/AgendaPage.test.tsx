import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { agendaEvent, booking, recurring } from "../test-data.ts";

describe("citizen agenda", () => {
  it("shows bookings and events, filters them, and creates an event through a labelled dialog", async () => {
    signInAs(makeUser({ type: 0 }));
    const today = new Date();
    const at = (day: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), day, hour).toISOString();
    const data = {
      bookings: [booking({ start: at(10, 9), end: at(10, 10) })],
      events: [agendaEvent({ start: at(12, 11), name: "Dentista" })],
    };
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/own/agendaevents/calendar/full")) return { status: 200, body: { data } };
      if (call.url === "/api/v1/reservations/frequencies/users/own")
        return { status: 200, body: { data: [recurring] } };
      if (call.url === "/api/v1/reservations/frequencies/f1" && call.method === "PATCH")
        return { status: 200, body: { data: { ...recurring, enabled: false } } };
      if (call.url === "/api/v1/users/own/agendaevents" && call.method === "POST")
        return {
          status: 422,
          body: { message: "Dati non validi", errors: { place: ["Inserisci il luogo dell'evento"] } },
        };
      return undefined;
    });
    renderApp("/cittadino/agenda");
    expect(await screen.findByRole("heading", { level: 1, name: "Agenda" })).toBeTruthy();
    const calendar = await screen.findByTestId("agenda-calendar");
    expect(await within(calendar).findByText(/Visita cardiologica/)).toBeTruthy();
    expect(within(calendar).getByText(/Dentista/)).toBeTruthy();
    // A title a narrow day cell would cut is whole in its tooltip, for one's events too.
    expect(
      within(calendar)
        .getByText(/Dentista/)
        .closest(".fc-event")
        ?.getAttribute("title"),
    ).toBe("Dentista · Studio Bianchi");
    const fullCall = calls.find((c) => c.url.includes("calendar/full"));
    expect(fullCall?.url).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

    // One's recurring reservations, with a switch to suspend them.
    const own = await screen.findByTestId("own-recurring");
    fireEvent.click(
      within(own).getByRole("button", { name: "Sospendi la prenotazione ricorrente di Controllo pressione" }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false }));

    // The type filter hides the events.
    fireEvent.click(screen.getByRole("checkbox", { name: /^Evento$/ }));
    await waitFor(() => expect(within(calendar).queryByText(/Dentista/)).toBeNull());
    expect(within(calendar).getByText(/Visita cardiologica/)).toBeTruthy();

    // A new event: the dialog is named, its fields labelled, the server's 422 lands under the field.
    fireEvent.click(screen.getByRole("button", { name: "Nuovo evento" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Nuovo evento" })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Analisi" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText("Inserisci il luogo dell'evento")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Luogo"), { target: { value: "Laboratorio" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
        name: "Analisi",
        place: "Laboratorio",
        time: "09:00",
        notes: null,
      }),
    );
  });
});

describe("citizen agenda: an existing event", () => {
  it("opens in the edit dialog, saves with PUT and is deleted after a confirmation", async () => {
    signInAs(makeUser({ type: 0 }));
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), 12, 11).toISOString();
    const event = agendaEvent({ start, name: "Dentista", place: "Studio Bianchi", time: "11:00" });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/own/agendaevents/calendar/full"))
        return { status: 200, body: { data: { bookings: [], events: [event] } } };
      if (call.url === "/api/v1/users/own/agendaevents/e1" && call.method === "PUT")
        return { status: 200, body: { data: event } };
      if (call.url === "/api/v1/users/own/agendaevents/e1" && call.method === "DELETE")
        return { status: 200, body: { message: "Evento eliminato" } };
      return undefined;
    });
    renderApp("/cittadino/agenda");
    const calendar = await screen.findByTestId("agenda-calendar");
    fireEvent.click(await within(calendar).findByText(/Dentista/));
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Modifica evento" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Luogo") as HTMLInputElement).value).toBe("Studio Bianchi");
    fireEvent.change(within(dialog).getByLabelText("Luogo"), { target: { value: "Studio Verdi" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ place: "Studio Verdi" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(await within(calendar).findByText(/Dentista/));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina evento" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, elimina" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });
});

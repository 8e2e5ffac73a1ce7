import type { TTeleconsult } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** Maria's quick teleconsultation, taken in charge a minute ago: its booking's start has passed, its call not connected. */
const taken: TTeleconsult = {
  hashid: "t1",
  kind: "rapido",
  status: "confermato",
  reason: "Febbre alta",
  deadline: minutesAgo(-59),
  start: minutesAgo(1),
  end: minutesAgo(-14),
  taken_at: minutesAgo(1),
  connected_at: null,
  ended_at: null,
  end_reason: null,
  attachments: [],
  created_at: minutesAgo(2),
  service: { name: "Teleconsulto rapido" },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  citizen: { hashid: "u1", name: "Maria", surname: "Rossi" },
  family_member: null,
  operator: { hashid: "o1", name: "Lucia", surname: "Ferrari" },
};

afterEach(() => vi.unstubAllGlobals());

function serving(item: TTeleconsult, onCancel?: (call: FetchCall) => { status: number; body?: unknown }) {
  let current = item;
  return mockFetch((call) => {
    if (call.url === `/api/v1/teleconsults/${item.hashid}`) return { status: 200, body: { data: current } };
    if (call.url === `/api/v1/reservations/own/cancel/${item.hashid}` && call.method === "POST") {
      const answer = onCancel?.(call) ?? { status: 200, body: { data: { hashid: item.hashid, status: "annullato" } } };
      if (answer.status === 200) current = { ...current, status: "annullato", ended_at: new Date().toISOString() };
      return answer;
    }
    return undefined;
  });
}

describe("teleconsultation preview: the citizen withdraws it before the call starts", () => {
  it("asks a reason in a modal, cancels, says so, shows it cancelled and moves the focus to the heading", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = serving(taken);
    renderApp("/cittadino/teleconsulti/anteprima/t1");
    const open = await screen.findByRole("button", { name: "Annulla richiesta" });
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Annullare la richiesta di teleconsulto?" });
    // Kept: nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Non annullare" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url.includes("own/cancel"))).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Annulla richiesta" }));
    const again = await screen.findByRole("dialog", { name: "Annullare la richiesta di teleconsulto?" });
    fireEvent.click(within(again).getByRole("button", { name: "Annulla la richiesta" }));
    expect(await within(again).findByText("Scegli un motivo")).toBeTruthy();
    fireEvent.click(within(again).getByLabelText("Non posso mantenere l'impegno"));
    fireEvent.click(within(again).getByRole("button", { name: "Annulla la richiesta" }));

    expect(await screen.findByTestId("teleconsult-withdrawn")).toBeTruthy();
    const sent = calls.find((c) => c.url === "/api/v1/reservations/own/cancel/t1");
    expect(sent?.body).toEqual({ reason: 2 });
    await waitFor(() => expect(screen.getByTestId("teleconsult-status").textContent).toBe("Annullato"));
    expect(screen.queryByRole("button", { name: "Annulla richiesta" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Entra nel teleconsulto" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })));
  });

  it("shows the server's refusal in the modal (the call connected meanwhile)", async () => {
    signInAs(makeUser({ type: 0 }));
    serving(taken, () => ({
      status: 409,
      body: { message: "La teleconsulenza è già iniziata: non è più possibile annullarla" },
    }));
    renderApp("/cittadino/teleconsulti/anteprima/t1");
    fireEvent.click(await screen.findByRole("button", { name: "Annulla richiesta" }));
    const dialog = await screen.findByRole("dialog", { name: "Annullare la richiesta di teleconsulto?" });
    fireEvent.click(within(dialog).getByLabelText("Non sono più interessato"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla la richiesta" }));
    expect(
      await within(dialog).findByText("La teleconsulenza è già iniziata: non è più possibile annullarla"),
    ).toBeTruthy();
    expect(screen.queryByTestId("teleconsult-withdrawn")).toBeNull();
  });

  it("offers no withdrawal once the call connected, nor for a specialist slot whose time passed", async () => {
    signInAs(makeUser({ type: 0 }));
    serving({ ...taken, connected_at: minutesAgo(0.5) });
    const first = renderApp("/cittadino/teleconsulti/anteprima/t1");
    expect(await screen.findByRole("link", { name: "Entra nel teleconsulto" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Annulla richiesta" })).toBeNull();
    first.unmount();

    serving({ ...taken, kind: "specialistico", status: "ricevuto", operator: null, service: { name: "Televisita" } });
    const second = renderApp("/cittadino/teleconsulti/anteprima/t1");
    expect(await screen.findByRole("heading", { level: 1, name: "Televisita" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Annulla richiesta" })).toBeNull();
    second.unmount();

    // The same slot ahead: it may be withdrawn.
    serving({ ...taken, kind: "specialistico", status: "ricevuto", operator: null, start: minutesAgo(-60 * 24) });
    renderApp("/cittadino/teleconsulti/anteprima/t1");
    expect(await screen.findByRole("button", { name: "Annulla richiesta" })).toBeTruthy();
  });
});

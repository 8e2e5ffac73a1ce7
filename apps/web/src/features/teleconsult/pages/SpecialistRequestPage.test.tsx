import type { TTeleconsult, TTeleconsultService } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { addDaysIso, todayIso } from "../../booking-wizard/dates.ts";

const service = (hashid: string, name: string, company: string, extra: Partial<TTeleconsultService> = {}) =>
  ({
    hashid,
    name,
    slot_minutes: 20,
    price: null,
    company: { hashid: `c-${hashid}`, name: company, comune: "Roma", address: "Via Merulana 45" },
    in_circle: false,
    preferred: false,
    ...extra,
  }) satisfies TTeleconsultService;

const day = addDaysIso(todayIso(), 3);
const slotStart = `${day}T09:00:00.000Z`;

const booked: TTeleconsult = {
  hashid: "bk9",
  kind: "specialistico",
  status: "ricevuto",
  reason: null,
  deadline: null,
  start: slotStart,
  end: `${day}T09:20:00.000Z`,
  taken_at: null,
  connected_at: null,
  ended_at: null,
  end_reason: null,
  attachments: [],
  created_at: new Date().toISOString(),
  service: { name: "Televisita di controllo" },
  company: { hashid: "c-s1", name: "Centrale di Monitoraggio Lazio" },
  citizen: { hashid: "u1", name: "Mario", surname: "Rossi" },
  family_member: null,
  operator: null,
};

function respond(call: FetchCall) {
  if (call.url === "/api/v1/familymembers") return { status: 200, body: { data: [] } };
  if (call.url.startsWith("/api/v1/teleconsults/specialist/services")) {
    const q = new URL(call.url, "http://x").searchParams.get("q") ?? "";
    const all = [
      service("s2", "Televisita dermatologica", "Poliambulatorio Città Studi", { in_circle: true, preferred: true }),
      service("s1", "Televisita di controllo", "Centrale di Monitoraggio Lazio"),
    ];
    const data = all.filter((s) => s.name.toLowerCase().includes(q.toLowerCase()));
    return { status: 200, body: { data, meta: { page: 1, per_page: 10, total: data.length } } };
  }
  if (call.url.startsWith("/api/v1/healthservices/slots/array/s1"))
    return {
      status: 200,
      body: {
        data: {
          from: day,
          to: day,
          time_zone: "Europe/Rome",
          slot_minutes: 20,
          overlap: false,
          days: [
            {
              date: day,
              weekday: 1,
              slots: [{ start: slotStart, end: slotStart, time: "11:00", end_time: "11:20", available: 1 }],
            },
          ],
        },
      },
    };
  if (call.url === "/api/v1/healthservices/allegati/all/s1") return { status: 200, body: { data: [] } };
  if (call.url === "/api/v1/healthservices/s1")
    return { status: 200, body: { data: { hashid: "s1", name: "Televisita di controllo", description: null } } };
  if (call.url === "/api/v1/reservations" && call.method === "POST")
    return { status: 201, body: { data: { hashid: "bk9", kind: "teleconsulto", start: slotStart } } };
  if (call.url === "/api/v1/teleconsults/bk9") return { status: 200, body: { data: booked } };
  return undefined;
}

afterEach(() => vi.unstubAllGlobals());

const next = () => fireEvent.click(screen.getByRole("button", { name: "Avanti" }));

describe("specialist teleconsultation (teleconsulti/nuovo/specialistico)", () => {
  it("is the booking wizard of type teleconsulto: for whom, the ref-2 services (care circle first), a slot only, then the preview", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respond);
    renderApp("/cittadino/teleconsulti/nuovo/specialistico");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Prenota un teleconsulto specialistico" }),
    ).toBeTruthy();
    // Four steps: no need to describe, the teleconsultation is chosen from the list.
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Passi della prenotazione" }).children).toHaveLength(4),
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Per chi" })).toBeTruthy();
    next();

    expect(await screen.findByRole("heading", { level: 2, name: "Teleconsulto" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Teleconsulti specialistici" });
    await waitFor(() => expect(within(list).getAllByTestId("teleconsult-service")).toHaveLength(2));
    // The preferred company of the care circle first, marked.
    const first = within(list).getAllByTestId("teleconsult-service")[0] as HTMLElement;
    expect(within(first).getByText("Preferita", { exact: false })).toBeTruthy();
    next();
    expect(await screen.findByText("Scegli il teleconsulto e la struttura")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Cerca per teleconsulto o struttura"), { target: { value: "controllo" } });
    await waitFor(() => expect(within(list).getAllByTestId("teleconsult-service")).toHaveLength(1));
    expect(calls.some((c) => c.url.includes("teleconsults/specialist/services") && c.url.includes("q=controllo"))).toBe(
      true,
    );
    fireEvent.click(
      screen.getByRole("button", { name: "Scegli Televisita di controllo presso Centrale di Monitoraggio Lazio" }),
    );
    expect(screen.getByTestId("facility-chosen").textContent).toContain("Televisita di controllo");
    next();

    // A slot only: no preferences for a teleconsultation.
    expect(await screen.findByRole("heading", { level: 2, name: "Data" })).toBeTruthy();
    expect(screen.queryByLabelText("Indica le tue preferenze")).toBeNull();
    next();
    expect(await screen.findByText("Scegli un orario libero")).toBeTruthy();
    fireEvent.click(await screen.findByRole("radio", { name: "11:00" }));
    next();

    expect(await screen.findByRole("heading", { level: 2, name: "Riepilogo" })).toBeTruthy();
    expect(screen.getByText(/la stanza apre 10 minuti prima/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Invia la prenotazione" }));

    expect(await screen.findByTestId("teleconsult-booked")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/reservations" && c.method === "POST")?.body).toEqual({
      kind: "teleconsulto",
      health_service: "s1",
      start: slotStart,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Televisita di controllo" })).toBeTruthy();
    // A future slot not yet confirmed: it may still be withdrawn.
    expect(screen.getByRole("button", { name: "Annulla richiesta" })).toBeTruthy();
  });

  it("is reached from the list's new choices, also at the type named by the popups (specialistico/teleconsulto)", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) =>
      call.url.startsWith("/api/v1/teleconsults/own")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } }
        : respond(call),
    );
    const view = renderApp("/cittadino/teleconsulti");
    const link = await screen.findByRole("link", { name: "Nuovo teleconsulto specialistico" });
    expect(link.getAttribute("href")).toBe("/cittadino/teleconsulti/nuovo/specialistico");
    view.unmount();
    renderApp("/cittadino/teleconsulti/nuovo/specialistico/teleconsulto");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Prenota un teleconsulto specialistico" }),
    ).toBeTruthy();
  });
});

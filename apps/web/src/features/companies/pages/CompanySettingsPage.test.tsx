import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AREAS } from "../../../app/areas/index.ts";
import { navEntriesFor } from "../../../app/nav.ts";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const openings = {
  days: [{ weekday: 1, ranges: [{ from: "09:00", to: "13:00" }] }],
  inherited: false,
  time_zone: "Europe/Rome",
};

const service = {
  hashid: "hs1",
  name: "Misurazione pressione",
  description: null,
  position_ref: 1,
  slot_minutes: 15,
  price: null,
  capacity: null,
  active: true,
  has_openings: false,
  attachments: 0,
  survey: null,
  company: { hashid: "c1", name: "Farmacia Centrale" },
};

function answer(call: FetchCall) {
  const url = call.url;
  if (url === "/api/v1/companies/openings/get/c1") return { status: 200, body: { data: openings } };
  if (url === "/api/v1/companies/c1")
    return { status: 200, body: { data: { hashid: "c1", options: { overlap: false, report: false } } } };
  if (url === "/api/v1/companies/own/option/overlap")
    return { status: 200, body: { data: { overlap: true, report: false } } };
  if (url === "/api/v1/companies/own/openings" && call.method === "POST")
    return { status: 200, body: { data: { ...openings, ...(call.body as object) }, message: "ok" } };
  if (url === "/api/v1/companies/c1/prohibidates") return { status: 200, body: { data: [] } };
  if (url === "/api/v1/services/own/check") return { status: 200, body: { data: [] } };
  if (url.startsWith("/api/v1/companies/own/healthservices"))
    return { status: 200, body: { data: [service], meta: { page: 1, per_page: 100, total: 1 } } };
  if (url === "/api/v1/healthservices" && call.method === "POST")
    return { status: 201, body: { data: { ...service, hashid: "hs2", ...(call.body as object) } } };
  if (url === "/api/v1/prohibidates/c1" && call.method === "POST")
    return {
      status: 201,
      body: { data: { hashid: "p1", ...(call.body as object), service: null, platform_service: null } },
    };
  if (url === "/api/v1/healthservices/hs1" && call.method === "DELETE")
    return { status: 409, body: { message: "Impossibile eliminare la prestazione" } };
  if (url.startsWith("/api/v1/healthservices/slots/array/hs1"))
    return {
      status: 200,
      body: {
        data: {
          from: "2026-11-23",
          to: "2026-11-29",
          time_zone: "Europe/Rome",
          slot_minutes: 15,
          overlap: false,
          days: [],
        },
      },
    };
  return undefined;
}

describe("operator settings (spec 002 §2)", () => {
  it("shows the Impostazioni entry only with a settings permission, and each section with its own", () => {
    const plain = makeUser({ type: 1, company, permessi: [] });
    expect(navEntriesFor("/operatore", AREAS.operatore.pages, plain).map((e) => e.to)).not.toContain(
      "/operatore/impostazioni",
    );
    const registry = makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.viewCompanyRegistry] });
    expect(navEntriesFor("/operatore", AREAS.operatore.pages, registry).map((e) => e.to)).toContain(
      "/operatore/impostazioni",
    );
  });

  it("edits the opening hours, adds a closure and creates a health service", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageServiceSettings] }));
    const { calls } = mockFetch(answer);
    const { router } = renderApp("/operatore/impostazioni");
    expect(await screen.findByRole("heading", { level: 1, name: "Impostazioni" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/impostazioni/servizi"));
    // Only the sections the operator may see.
    const tabs = screen.getByRole("navigation", { name: "Sezioni delle impostazioni" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Servizi"]);

    // Opening hours: a second range on Monday, and Tuesday opens.
    expect(await screen.findByLabelText("Lunedì, apertura fascia 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi fascia a Lunedì" }));
    fireEvent.change(screen.getByLabelText("Lunedì, apertura fascia 2"), { target: { value: "15:00" } });
    fireEvent.change(screen.getByLabelText("Lunedì, chiusura fascia 2"), { target: { value: "19:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva orari" }));
    expect(await screen.findByText("Orari aggiornati correttamente")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/companies/own/openings")?.body).toEqual({
      days: [
        {
          weekday: 1,
          ranges: [
            { from: "09:00", to: "13:00" },
            { from: "15:00", to: "19:00" },
          ],
        },
      ],
    });

    // Overlapping ranges are refused before any call.
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi fascia a Martedì" }));
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi fascia a Martedì" }));
    fireEvent.click(screen.getByRole("button", { name: "Salva orari" }));
    expect(await screen.findByText("Le fasce orarie dello stesso giorno non possono sovrapporsi")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/v1/companies/own/openings")).toHaveLength(1);

    // A closure of the whole company.
    fireEvent.change(screen.getByLabelText("Dal giorno"), { target: { value: "2026-12-24" } });
    fireEvent.change(screen.getByLabelText("Al giorno"), { target: { value: "2026-12-26" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi chiusura" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/prohibidates/c1")?.body).toEqual({
        date_from: "2026-12-24",
        date_to: "2026-12-26",
        reason: null,
        service: null,
      }),
    );

    // A new health service, in a modal.
    fireEvent.click(screen.getByRole("button", { name: "Nuova prestazione" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nome della prestazione"), { target: { value: "Holter" } });
    fireEvent.change(within(dialog).getByLabelText("Durata dello slot (minuti)"), { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/healthservices" && c.method === "POST")?.body).toMatchObject({
        name: "Holter",
        slot_minutes: 30,
        position_ref: 1,
        active: true,
      }),
    );

    // The overlap option.
    fireEvent.click(await screen.findByLabelText("Consenti più prenotazioni nello stesso slot"));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/companies/own/option/overlap")?.body).toEqual({ overlap: true }),
    );

    // A service with bookings cannot be deleted.
    fireEvent.click(screen.getByRole("button", { name: "Elimina Misurazione pressione" }));
    const confirm = await screen.findByRole("dialog", { name: "Eliminare la prestazione?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Impossibile eliminare la prestazione")).toBeTruthy();

    // The week's slots of a service.
    fireEvent.click(screen.getByRole("button", { name: "Disponibilità di Misurazione pressione" }));
    expect(await screen.findByText("Nessuna disponibilità per la settimana corrente")).toBeTruthy();
  });

  it("tells an operator without the permission that the settings are not for them", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [] }));
    mockFetch(answer);
    renderApp("/operatore/impostazioni/servizi");
    expect(await screen.findByText("Non hai i permessi per modificare le impostazioni dell'azienda.")).toBeTruthy();
  });
});

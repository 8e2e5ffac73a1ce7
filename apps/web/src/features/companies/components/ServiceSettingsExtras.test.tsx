import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};
const companyHours = {
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    ranges: weekday === 1 ? [{ from: "09:00", to: "13:00" }] : [],
  })),
  inherited: true,
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
  attachments: 1,
  survey: null,
  company: { hashid: "c1", name: "Farmacia Centrale" },
};
const platform = {
  hashid: "p1",
  position_ref: 1,
  name: "Prenotazioni",
  active: true,
  proxy_status: false,
  proxy_scheduling: false,
  payed_by_company: false,
  payed_by_citizen: false,
  slot_minutes: 30,
  capacity: null,
  has_openings: true,
};
const leaflet = {
  hashid: "f1",
  name: "preparazione.pdf",
  mime_type: "application/pdf",
  url: "/api/v1/resources/private/f1",
};

function answer(call: FetchCall) {
  const url = call.url;
  if (url === "/api/v1/companies/openings/get/c1")
    return { status: 200, body: { data: { ...companyHours, inherited: false } } };
  if (url === "/api/v1/companies/c1")
    return { status: 200, body: { data: { hashid: "c1", options: { overlap: false, report: false } } } };
  if (url === "/api/v1/companies/c1/prohibidates") return { status: 200, body: { data: [] } };
  if (url === "/api/v1/services/own/check") return { status: 200, body: { data: [platform] } };
  if (url.startsWith("/api/v1/companies/own/healthservices"))
    return { status: 200, body: { data: [service], meta: { page: 1, per_page: 100, total: 1 } } };
  if (url === "/api/v1/healthservices/days/openings/hs1") return { status: 200, body: { data: companyHours } };
  if (url === "/api/v1/healthservices/own/openings/hs1") {
    const body = call.body as { days: unknown[] };
    return {
      status: 200,
      body: { data: { ...companyHours, inherited: body.days.length === 0 }, message: "Orari aggiornati correttamente" },
    };
  }
  if (url === "/api/v1/services/own/openings/p1")
    return call.method === "GET"
      ? { status: 200, body: { data: { ...companyHours, inherited: false } } }
      : { status: 200, body: { data: { ...companyHours, inherited: true } } };
  if (url === "/api/v1/healthservices/allegati/all/hs1") return { status: 200, body: { data: [leaflet] } };
  if (url === "/api/v1/resources/public") return { status: 201, body: { data: { hashid: "f2", name: "modulo.pdf" } } };
  if (url === "/api/v1/healthservices/allegati/add/hs1")
    return { status: 200, body: { data: [leaflet, { ...leaflet, hashid: "f2", name: "modulo.pdf" }] } };
  if (url === "/api/v1/healthservices/allegati/remove/hs1") return { status: 200, body: { data: [] } };
  return undefined;
}

const manager = () => makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageServiceSettings] });

describe("service settings: own hours and attachments", () => {
  it("gives a health service hours of its own, starting from the company's", async () => {
    signInAs(manager());
    const { calls } = mockFetch(answer);
    renderApp("/operatore/impostazioni/servizi");
    fireEvent.click(await screen.findByRole("button", { name: "Orari di Misurazione pressione" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/segue gli orari dell'azienda/)).toBeTruthy();
    // Inherited hours: nothing to clear yet.
    expect(within(dialog).queryByRole("button", { name: "Usa gli orari dell'azienda" })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Lunedì, chiusura fascia 1"), { target: { value: "12:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva orari" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/healthservices/own/openings/hs1")?.body).toEqual({
        days: [{ weekday: 1, ranges: [{ from: "09:00", to: "12:00" }] }],
      }),
    );
    expect(await within(dialog).findByText("Il servizio ha orari propri.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Usa gli orari dell'azienda" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/v1/healthservices/own/openings/hs1").at(-1)?.body).toEqual({
        days: [],
      }),
    );
  });

  it("reads and clears a platform service's own hours", async () => {
    signInAs(manager());
    const { calls } = mockFetch(answer);
    renderApp("/operatore/impostazioni/servizi");
    fireEvent.click(await screen.findByRole("button", { name: "Orari propri: Prenotazioni" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Usa gli orari dell'azienda" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/services/own/openings/p1" && c.method === "POST")?.body).toEqual({
        days: [],
      }),
    );
  });

  it("lists, adds (upload then attach) and removes a health service's attachments", async () => {
    signInAs(manager());
    const { calls } = mockFetch(answer);
    renderApp("/operatore/impostazioni/servizi");
    fireEvent.click(await screen.findByRole("button", { name: "Allegati (1): Misurazione pressione" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("preparazione.pdf")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Allega" }));
    expect(await within(dialog).findByText("Scegli un file")).toBeTruthy();
    const file = new File(["%PDF-1.4"], "modulo.pdf", { type: "application/pdf" });
    fireEvent.change(within(dialog).getByLabelText("File da allegare"), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Allega" }));
    expect(await within(dialog).findByText("modulo.pdf")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/healthservices/allegati/add/hs1")?.body).toEqual({ resource: "f2" });
    const upload = calls.find((c) => c.url === "/api/v1/resources/public")?.body as FormData;
    expect(upload.get("destination")).toBe("allegati");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rimuovi l'allegato preparazione.pdf" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/healthservices/allegati/remove/hs1")?.body).toEqual({
        resource: "f1",
      }),
    );
    expect(await within(dialog).findByText("Nessun allegato.")).toBeTruthy();
  });
});

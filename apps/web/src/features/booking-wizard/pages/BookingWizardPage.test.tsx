import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { addDaysIso, todayIso } from "../dates.ts";

const pharmacy = {
  hashid: "ph1",
  name: "Farmacia San Marco",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  address: "Corso Garibaldi 12",
  comune: "Milano",
  provincia: "MI",
  regione: "Lombardia",
  cap: "20121",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
  email: null,
  phone: null,
  website: null,
  services: [],
};
const circle = [
  {
    company: pharmacy,
    preferred: true,
    openings: { days: [], inherited: false, time_zone: "Europe/Rome" },
    added_at: "",
  },
];
const product = {
  code: "CP0001",
  name: "Tachipirina",
  active_ingredient: "paracetamolo",
  package: "20 compresse 500 mg",
  prescription_required: false,
};

function respond(call: FetchCall) {
  if (call.url === "/api/v1/users/own/circolocura") return { status: 200, body: { data: circle } };
  if (call.url.startsWith("/api/v1/utilities/products/")) return { status: 200, body: { data: [product] } };
  if (call.url === "/api/v1/familymembers") return { status: 200, body: { data: [] } };
  if (call.url.startsWith("/api/v1/companies/search/subtype"))
    return { status: 200, body: { data: [], meta: { page: 1, per_page: 10, total: 0 } } };
  if (call.url === "/api/v1/reservations" && call.method === "POST")
    return { status: 201, body: { data: { hashid: "bk1", start: null }, message: "Prenotazione inviata" } };
  return undefined;
}

const next = () => fireEvent.click(screen.getByRole("button", { name: "Avanti" }));

describe("booking wizard", () => {
  it("orders medicines from a pharmacy of the care circle, after the privacy confirmation", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respond);
    renderApp("/cittadino/appuntamenti/nuovo/prodotto");
    expect(await screen.findByRole("heading", { level: 1, name: "Ordina farmaci" })).toBeTruthy();
    // No recipe upload for products (release notes).
    expect(screen.queryByLabelText(/carica/i)).toBeNull();

    next();
    expect(await screen.findByText("Aggiungi almeno un prodotto")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Cerca farmaco o prodotto"), { target: { value: "tachi" } });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi Tachipirina 20 compresse 500 mg" }));
    fireEvent.change(screen.getByLabelText(/Codice della ricetta veterinaria/), { target: { value: "ABC" } });
    expect(screen.getByText("Il codice REV deve avere 13 caratteri, senza PIN")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Codice della ricetta veterinaria/), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/Codice della ricetta elettronica/), { target: { value: "12345" } });
    expect(screen.getByText("Codice non valido")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Codice della ricetta elettronica/), {
      target: { value: "120A12345678901" },
    });
    next();

    expect(await screen.findByRole("heading", { level: 2, name: "Per chi" })).toBeTruthy();
    expect(screen.getByLabelText("Per me")).toHaveProperty("checked", true);
    next();

    expect(await screen.findByRole("heading", { level: 2, name: "Farmacia" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Farmacia San Marco" }));
    next();

    expect(await screen.findByRole("heading", { level: 2, name: "Riepilogo" })).toBeTruthy();
    expect(screen.getByText("1 × Tachipirina 20 compresse 500 mg")).toBeTruthy();
    expect(screen.getByText(/il codice e il PIN/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Invia l'ordine" }));
    expect(
      await screen.findByText(
        "Conferma di aver letto l'informativa sulla privacy e di acconsentire al trattamento dei dati",
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/v1/reservations")).toBe(false);
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Invia l'ordine" }));

    expect(await screen.findByTestId("booking-created")).toBeTruthy();
    const post = calls.find((c) => c.url === "/api/v1/reservations");
    expect(post?.body).toEqual({
      kind: "prodotto",
      company: "ph1",
      products: [{ code: "CP0001", quantity: 1 }],
      nre: "120A12345678901",
    });
    expect(screen.getByRole("link", { name: "Vedi la richiesta" }).getAttribute("href")).toBe(
      "/cittadino/appuntamenti/dettaglio/bk1",
    );
  });

  it("tells the citizen without a phone number to verify it, and does not let them send", async () => {
    const user = makeUser({ type: 0 });
    signInAs({ ...user, anagrafica: user.anagrafica ? { ...user.anagrafica, tel_number: null } : null });
    mockFetch(respond);
    renderApp("/cittadino/appuntamenti/nuovo/prestazione");
    expect(await screen.findByRole("heading", { level: 1, name: "Prenota visita o servizio" })).toBeTruthy();
    const warning = await screen.findByTestId("phone-warning");
    expect(warning.textContent).toContain("Per prenotare serve un numero di telefono verificato.");
    expect(screen.getByRole("link", { name: "Verifica il numero di telefono" }).getAttribute("href")).toBe(
      "/number/verify",
    );
    // The service wizard has five steps, the date among them.
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Passi della prenotazione" }).children).toHaveLength(5),
    );
  });

  it("books a health service by preferences, and goes back to the date when a slot was taken", async () => {
    signInAs(makeUser({ type: 0 }));
    const provider = { ...pharmacy, health_services: [{ hashid: "hs1", name: "Holter cardiaco", slot_minutes: 60 }] };
    const day = addDaysIso(todayIso(), 2);
    const slotStart = `${day}T08:00:00.000Z`;
    let answer409 = true;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/healthservices/suggestions/name")) return { status: 200, body: { data: [] } };
      if (call.url.startsWith("/api/v1/healthservices/search/companies"))
        return { status: 200, body: { data: [provider], meta: { page: 1, per_page: 20, total: 1 } } };
      if (call.url.startsWith("/api/v1/healthservices/slots/array/hs1"))
        return {
          status: 200,
          body: {
            data: {
              from: day,
              to: day,
              time_zone: "Europe/Rome",
              slot_minutes: 60,
              overlap: false,
              days: [
                {
                  date: day,
                  weekday: 1,
                  slots: [{ start: slotStart, end: slotStart, time: "09:00", end_time: "10:00", available: 1 }],
                },
              ],
            },
          },
        };
      if (call.url === "/api/v1/healthservices/allegati/all/hs1")
        return {
          status: 200,
          body: {
            data: [
              {
                hashid: "f1",
                name: "Preparazione.pdf",
                mime_type: "application/pdf",
                url: "/api/v1/resources/private/f1",
              },
            ],
          },
        };
      if (call.url === "/api/v1/healthservices/hs1")
        return {
          status: 200,
          body: { data: { hashid: "hs1", name: "Holter cardiaco", description: "Indossa abiti comodi." } },
        };
      if (call.url === "/api/v1/reservations" && answer409) {
        answer409 = false;
        return { status: 409, body: { message: "Lo slot scelto non è più disponibile: scegline un altro" } };
      }
      return respond(call);
    });
    renderApp("/cittadino/appuntamenti/nuovo/prestazione");
    fireEvent.change(await screen.findByLabelText("Di quale prestazione hai bisogno?"), {
      target: { value: "Holter" },
    });
    next();
    next();
    fireEvent.click(await screen.findByRole("button", { name: "Scegli Holter cardiaco presso Farmacia San Marco" }));
    expect(screen.getByText("Hai scelto Holter cardiaco presso Farmacia San Marco.")).toBeTruthy();
    next();

    // A free slot first: the server says it was taken meanwhile.
    fireEvent.click(await screen.findByRole("radio", { name: "09:00" }));
    next();
    expect(await screen.findByText("Preparazione.pdf", { exact: false })).toBeTruthy();
    expect(await screen.findByText("Indossa abiti comodi.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Invia la prenotazione" }));
    expect(await screen.findByTestId("booking-error")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Data" })).toBeTruthy();

    // Then three preferences.
    fireEvent.click(screen.getByLabelText("Indica le tue preferenze"));
    next();
    expect(await screen.findByText("Indica almeno 3 preferenze, oppure nessuna preferenza")).toBeTruthy();
    const slots = ["mattina", "pomeriggio", "sera"];
    for (const [i, slot] of slots.entries()) {
      fireEvent.change(screen.getByLabelText(`Data della preferenza ${i + 1}`), {
        target: { value: addDaysIso(day, i) },
      });
      fireEvent.change(screen.getByLabelText(`Fascia oraria della preferenza ${i + 1}`), { target: { value: slot } });
    }
    next();
    expect(await screen.findByText("Data stimata")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Invia la prenotazione" }));
    expect(await screen.findByTestId("booking-created")).toBeTruthy();
    const posts = calls.filter((c) => c.url === "/api/v1/reservations");
    expect(posts[0]?.body).toEqual({ kind: "prestazione", health_service: "hs1", start: slotStart });
    expect(posts[1]?.body).toEqual({
      kind: "prestazione",
      health_service: "hs1",
      preferences: slots.map((slot, i) => ({ date: addDaysIso(day, i), slot })),
    });
  });

  it("adds a family member from the 'for whom' step and selects them", async () => {
    signInAs(makeUser({ type: 0 }));
    const luca = {
      hashid: "fm1",
      name: "Luca",
      surname: "Rossi",
      tax_code: "RSSMRA80A01H501U",
      health_card_number: null,
      age_band: "adulto",
      relationship: "figlio",
      gender: "M",
      created_at: "2026-11-20T08:00:00Z",
    };
    let added = false;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/familymembers" && call.method === "POST") {
        const body = call.body as { tax_code: string };
        if (body.tax_code !== luca.tax_code.toLowerCase()) return { status: 500, body: { message: "x" } };
        added = true;
        return { status: 201, body: { data: luca, message: "Familiare aggiunto" } };
      }
      if (call.url === "/api/v1/familymembers") return { status: 200, body: { data: added ? [luca] : [] } };
      return respond(call);
    });
    renderApp("/cittadino/appuntamenti/nuovo/prodotto");
    fireEvent.change(await screen.findByLabelText("Cerca farmaco o prodotto"), { target: { value: "tachi" } });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi Tachipirina 20 compresse 500 mg" }));
    next();
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi un familiare" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva il familiare" }));
    expect((await within(dialog).findAllByText("Campo obbligatorio")).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Luca" } });
    fireEvent.change(within(dialog).getByLabelText("Cognome"), { target: { value: "Rossi" } });
    fireEvent.change(within(dialog).getByLabelText("Codice fiscale"), { target: { value: "rssmra80a01h501u" } });
    fireEvent.change(within(dialog).getByLabelText("Fascia d'età"), { target: { value: "adulto" } });
    fireEvent.change(within(dialog).getByLabelText("Parentela"), { target: { value: "figlio" } });
    fireEvent.change(within(dialog).getByLabelText("Sesso"), { target: { value: "M" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva il familiare" }));
    await waitFor(() => expect(screen.getByLabelText("Luca Rossi (Figlio/a)")).toHaveProperty("checked", true));
    expect(calls.find((c) => c.url === "/api/v1/familymembers" && c.method === "POST")?.body).toMatchObject({
      name: "Luca",
      tax_code: "rssmra80a01h501u",
      health_card_number: null,
    });
  });

  it("starts from the first step, with a message, when the service in the address is not bookable", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) => {
      // The provider no longer offers hs9 to citizens (or never did).
      if (call.url === "/api/v1/healthservices/company/all/ph1") return { status: 200, body: { data: [] } };
      if (call.url.startsWith("/api/v1/healthservices/suggestions/name")) return { status: 200, body: { data: [] } };
      return respond(call);
    });
    const { router } = renderApp("/cittadino/appuntamenti/nuovo/prestazione?company=ph1&service=hs9");
    expect(await screen.findByTestId("not-bookable")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Bisogno" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("orders the facilities by distance from the citizen's comune, shows it, and pre-selects the preferred one", async () => {
    const user = makeUser({ type: 0 });
    signInAs({
      ...user,
      anagrafica: user.anagrafica ? { ...user.anagrafica, comune: "Milano", provincia: "MI" } : null,
    });
    const near = {
      ...pharmacy,
      distance_km: 1.234,
      health_services: [{ hashid: "hs1", name: "Holter cardiaco", slot_minutes: 60 }],
    };
    const far = {
      ...pharmacy,
      hashid: "ph2",
      name: "Farmacia Trastevere",
      comune: "Roma",
      distance_km: 477.62,
      health_services: [{ hashid: "hs2", name: "Holter pressorio", slot_minutes: 30 }],
    };
    const holter = {
      hashid: "hs1",
      name: "Holter cardiaco",
      description: null,
      position_ref: 1,
      slot_minutes: 60,
      price: null,
      capacity: null,
      active: true,
      has_openings: false,
      attachments: 0,
      survey: null,
      company: { hashid: "ph1", name: "Farmacia San Marco" },
    };
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/healthservices/suggestions/name")) return { status: 200, body: { data: [] } };
      if (call.url.startsWith("/api/v1/healthservices/search/companies"))
        return { status: 200, body: { data: [near, far], meta: { page: 1, per_page: 20, total: 2 } } };
      if (call.url === "/api/v1/healthservices/company/all/ph1") return { status: 200, body: { data: [holter] } };
      return respond(call);
    });
    const { router } = renderApp("/cittadino/appuntamenti/nuovo/prestazione");
    fireEvent.change(await screen.findByLabelText("Di quale prestazione hai bisogno?"), {
      target: { value: "Holter" },
    });
    next();
    next();

    // The preferred facility of the care circle (Farmacia San Marco) offers it: chosen already.
    expect((await screen.findByTestId("facility-chosen")).textContent).toContain(
      "Hai scelto Holter cardiaco presso Farmacia San Marco. È la struttura preferita del tuo circolo di cura",
    );
    await waitFor(() => expect(router.state.location.search).toBe("?company=ph1&service=hs1"));
    const search = calls.find((c) => c.url.startsWith("/api/v1/healthservices/search/companies"));
    expect(search?.url).toContain("near_comune=Milano");
    expect(search?.url).toContain("near_provincia=MI");
    expect((await screen.findByTestId("distance-from")).textContent).toBe(
      "Strutture ordinate per distanza da Milano, il tuo comune di residenza.",
    );
    expect(screen.getAllByTestId("distance").map((d) => d.textContent)).toEqual([" · 1,2 km", " · 478 km"]);
    next();
    expect(await screen.findByRole("heading", { level: 2, name: "Data" })).toBeTruthy();
  });
});

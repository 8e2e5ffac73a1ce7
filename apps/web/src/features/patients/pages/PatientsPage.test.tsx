import { taxCodeCheckChar } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const operator = makeUser({
  type: 1,
  company: {
    hashid: "c1",
    name: "Farmacia San Marco",
    level: 1,
    active_services: [{ hashid: "s4", name: "Pazienti", position_ref: 4 }],
    bancaDati: [],
  },
});

const cf = (first15: string) => first15 + taxCodeCheckChar(first15);

const patient = {
  hashid: "p1",
  name: "Luca",
  surname: "Verdi",
  cf: cf("VRDLCU80A01F205"),
  gender: "maschile",
  birthday: "1980-01-01",
  email: null,
  prefix: "+39",
  tel_number: "3351234567",
  phone_verified: false,
  ts_number: null,
  regione: null,
  provincia: null,
  comune: null,
  cap: null,
  address: null,
  active: true,
  consent: false,
  consent_at: null,
  registered: true,
  in_care_circle: false,
  bookings: 0,
};

const registerCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === "/api/v1/companies/paziente/register");

async function openModal() {
  renderApp("/operatore/pazienti");
  expect(await screen.findByRole("heading", { level: 1, name: "Pazienti" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Registra paziente" }));
  return screen.findByRole("dialog");
}

const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe("patients list and register-patient modal", () => {
  it("lists the company's patients", async () => {
    signInAs(operator);
    mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/own/patients?")
        ? { status: 200, body: { data: [patient], meta: { page: 1, per_page: 20, total: 1 } } }
        : undefined,
    );
    renderApp("/operatore/pazienti");
    const link = await screen.findByRole("link", { name: "Verdi Luca" });
    expect(link.getAttribute("href")).toBe("/operatore/pazienti/scheda/p1");
    expect(screen.getByText("Registrato dalla struttura")).toBeTruthy();
  });

  it("checks the form with the server's rules before sending anything", async () => {
    signInAs(operator);
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/companies/own/patients?")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } }
        : undefined,
    );
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole("button", { name: "Registra" }));
    expect(await within(dialog).findAllByText("Campo obbligatorio")).toHaveLength(4);

    fill(dialog, "Nome", "Luca");
    fill(dialog, "Cognome", "Verdi");
    fill(dialog, "Codice fiscale", "VRDLCU80A01F20");
    fill(dialog, "Cellulare", "0212");
    fill(dialog, "E-mail (facoltativo)", "non-valida");
    fireEvent.click(within(dialog).getByRole("button", { name: "Registra" }));
    expect(await within(dialog).findByText("codice fiscale non valido")).toBeTruthy();
    expect(within(dialog).getByText("Il numero di telefono deve contenere almeno 9 cifre.")).toBeTruthy();
    expect(within(dialog).getByText("Inserisci un indirizzo email valido.")).toBeTruthy();
    const cfInput = within(dialog).getByLabelText("Codice fiscale");
    expect(cfInput.getAttribute("aria-invalid")).toBe("true");

    // A minor is refused too: the birth date comes from the tax code.
    fill(dialog, "Codice fiscale", cf("VRDLCU15A01F205"));
    fill(dialog, "Cellulare", "3351234567");
    fill(dialog, "E-mail (facoltativo)", "");
    fireEvent.click(within(dialog).getByRole("button", { name: "Registra" }));
    expect(await within(dialog).findByText("L'età minima per la registrazione è 14 anni")).toBeTruthy();
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it("sends the patient, shows the server's field errors, then opens the new patient's card", async () => {
    signInAs(operator);
    let attempt = 0;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/patients?"))
        return { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } };
      if (call.url === "/api/v1/companies/paziente/register") {
        attempt += 1;
        return attempt === 1
          ? {
              status: 422,
              body: {
                message: "Indirizzo e-mail già registrato",
                errors: { email: ["Indirizzo e-mail già registrato"] },
              },
            }
          : { status: 201, body: { data: patient, created: true, message: "Paziente registrato" } };
      }
      if (call.url === "/api/v1/companies/own/patients/p1") return { status: 200, body: { data: patient } };
      if (call.url === "/api/v1/reservations/company/users/p1") return { status: 200, body: { data: [] } };
      return undefined;
    });
    const dialog = await openModal();
    fill(dialog, "Nome", "Luca");
    fill(dialog, "Cognome", "Verdi");
    fill(dialog, "Codice fiscale", cf("VRDLCU80A01F205").toLowerCase());
    fill(dialog, "Cellulare", "3351234567");
    fill(dialog, "E-mail (facoltativo)", "luca@example.it");
    fireEvent.click(within(dialog).getByRole("button", { name: "Registra" }));
    expect(await within(dialog).findByText("Indirizzo e-mail già registrato")).toBeTruthy();
    expect(registerCalls(calls)[0]?.body).toEqual({
      name: "Luca",
      surname: "Verdi",
      cf: cf("VRDLCU80A01F205").toLowerCase(),
      birthday: null,
      email: "luca@example.it",
      tel_number: "3351234567",
      ts_number: null,
    });

    fill(dialog, "E-mail (facoltativo)", "");
    fireEvent.click(within(dialog).getByRole("button", { name: "Registra" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Verdi Luca" })).toBeTruthy();
    await waitFor(() => expect(registerCalls(calls)).toHaveLength(2));
    expect(registerCalls(calls)[1]?.body).toMatchObject({ email: null });
    expect(screen.getByText("Paziente registrato")).toBeTruthy();
  });
});

import { CONSENTS_MESSAGE } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session.ts";
import { geoAnswer } from "../../../test/geo.ts";
import { makeUser, mockFetch, renderApp } from "../../../test/helpers.tsx";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
const currentStep = () =>
  within(screen.getByRole("list", { name: "Passaggi della registrazione" }))
    .getAllByRole("listitem")
    .findIndex((li) => li.getAttribute("aria-current") === "step") + 1;

async function select(label: string, value: string) {
  const control = await screen.findByLabelText(label);
  await within(control).findByRole("option", { name: new RegExp(value) });
  fireEvent.change(control, { target: { value } });
}

async function fillIdentity() {
  type("Nome", "Mario");
  type("Cognome", "Rossi");
  type("Codice fiscale", "rssmra80a01h501u");
  // Derived from the tax code: gender, birthday, and the birth place from its cadastral code.
  expect((await screen.findByTestId("birth-place")).textContent).toContain("Roma (RM)");
  await waitFor(() => expect((screen.getByLabelText("Data di nascita") as HTMLInputElement).value).toBe("1980-01-01"));
  expect((screen.getByLabelText("Sesso") as HTMLSelectElement).value).toBe("maschile");
}

async function fillResidence() {
  await select("Regione", "Lazio");
  await select("Provincia", "RM");
  await select("Comune", "Roma");
  // The CAP is pre-filled from the comune's list.
  await waitFor(() => expect((screen.getByLabelText("CAP") as HTMLInputElement).value).toBe("00118"));
  type("Indirizzo", "Via Appia 1");
}

describe("registration wizard (spec 000 §2.4, §5)", () => {
  it("validates only the current step's fields, derives data from the tax code, and registers", async () => {
    const user = makeUser({ hashid: "new1", number_verified_at: null, email_verified_at: null });
    const { calls } = mockFetch(
      (call) =>
        geoAnswer(call) ??
        (call.url === "/api/v1/users/register"
          ? { status: 201, body: { data: { token: "tok-new-0123456789abcdef", user } } }
          : undefined),
    );
    const { router } = renderApp("/register?type=cittadino");

    // ?type=cittadino skips step 0: step 1 of 5.
    expect(await screen.findByRole("heading", { level: 2, name: "Dati anagrafici" })).toBeTruthy();
    expect(currentStep()).toBe(1);

    // Next with nothing filled: step 1's own errors, nothing of later steps, no call.
    next();
    expect(await screen.findAllByText("Campo obbligatorio")).toHaveLength(4); // name, surname, cf, birthday
    expect(screen.queryByText("Inserisci un indirizzo email valido.")).toBeNull();
    expect(currentStep()).toBe(1);

    // A malformed tax code is refused with the domain's message.
    type("Codice fiscale", "RSSMRA80A01H501A");
    next();
    expect(await screen.findByText("codice fiscale non valido")).toBeTruthy();

    await fillIdentity();
    next();
    expect(await screen.findByRole("heading", { level: 2, name: "Residenza" })).toBeTruthy();
    expect(currentStep()).toBe(2);

    next();
    expect(await screen.findAllByText("Campo obbligatorio")).toHaveLength(5); // region, province, comune, address, cap
    await fillResidence();
    next();
    expect(await screen.findByRole("heading", { level: 2, name: "Contatti" })).toBeTruthy();

    // Step 3: the e-mail and the phone, typed with spaces and a plus: kept to digits.
    type("E-mail", "mario@");
    type("Numero di cellulare", "+39 333-12");
    expect((screen.getByLabelText("Numero di cellulare") as HTMLInputElement).value).toBe("3933312");
    next();
    expect(await screen.findByText("Inserisci un indirizzo email valido.")).toBeTruthy();
    expect(screen.getByText("Il numero di telefono deve contenere almeno 9 cifre.")).toBeTruthy();
    type("E-mail", "mario.rossi@example.com");
    type("Numero di cellulare", "3331234567");
    expect((screen.getByLabelText("Prefisso") as HTMLSelectElement).value).toBe("+39");
    next();

    // Step 4: the live checklist and the name rule.
    expect(await screen.findByRole("heading", { level: 2, name: "Password" })).toBeTruthy();
    type("Nuova password", "Mario-2026!");
    const rules = screen.getByRole("list", { name: "Requisiti della password" });
    expect(within(rules).getByText("Non contiene il nome o il cognome").closest("li")?.dataset.ok).toBe("false");
    next();
    expect(await screen.findByText("La password non può contenere il tuo nome o cognome")).toBeTruthy();
    type("Nuova password", "Prenota-2026!");
    type("Conferma la password", "Prenota-2026?");
    next();
    expect(await screen.findByText("Le password non coincidono")).toBeTruthy();
    type("Conferma la password", "Prenota-2026!");
    next();

    // Step 5: Complete only with the three required consents.
    expect(await screen.findByRole("heading", { level: 2, name: "Termini e consensi" })).toBeTruthy();
    const complete = screen.getByRole("button", { name: "Completa" }) as HTMLButtonElement;
    expect(complete.disabled).toBe(true);
    expect(screen.getByTestId("consents-required").textContent).toBe(CONSENTS_MESSAGE);
    for (const label of [/^Accetto i termini/, /^Acconsento al trattamento/, /^Acconsento alla condivisione/]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    expect(complete.disabled).toBe(false);
    // From the click to the next page the layout (header included) stays, with any progress shown in
    // place: it went blank with a bare spinner while the guard moved the new user on (issue 16).
    let frameGone = false;
    const watcher = new MutationObserver(() => {
      if (!document.querySelector("header")) frameGone = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    fireEvent.click(complete);

    await waitFor(() => expect(router.state.location.pathname).toBe("/number/verify"));
    await screen.findByRole("heading", { level: 1, name: "Verifica il numero di telefono" });
    watcher.disconnect();
    expect(frameGone).toBe(false);
    const body = calls.find((c) => c.url === "/api/v1/users/register")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: "mario.rossi@example.com",
      type: 0,
      project: "nessuno",
      company_code: null,
      data_consense: true,
      share_consense: true,
      charge_consense: true,
      notification_consense: true,
      marketing_consense: true,
      anagrafica: {
        name: "Mario",
        surname: "Rossi",
        cf: "rssmra80a01h501u",
        gender: "maschile",
        birthday: "1980-01-01",
        nazione_nascita: "Italia",
        regione: "Lazio",
        provincia: "RM",
        comune: "Roma",
        cap: "00118",
        address: "Via Appia 1",
        prefix: "+39",
        tel_number: "3331234567",
      },
    });
    expect(session.get().token).toBe("tok-new-0123456789abcdef");
    expect(
      await screen.findByText("Registrazione Completata! Controlla la tua casella di posta elettronica."),
    ).toBeTruthy();
  });

  it("names the steps in Italian, says 'Passo n di 5' for small screens, and clears an error once the field is valid", async () => {
    mockFetch((call) => geoAnswer(call));
    renderApp("/register?type=cittadino");
    await screen.findByRole("heading", { level: 2, name: "Dati anagrafici" });
    const names = () =>
      within(screen.getByRole("list", { name: "Passaggi della registrazione" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    expect(names()).toEqual(["Dati anagrafici", "Residenza", "Contatti", "Password", "Termini e consensi"]);
    expect(screen.getByText("Passo 1 di 5: Dati anagrafici")).toBeTruthy();

    // Issue 16 defect 6: "Campo obbligatorio" goes as soon as the field holds a valid value.
    next();
    expect(await screen.findAllByText("Campo obbligatorio")).toHaveLength(4);
    type("Nome", "Mario");
    await waitFor(() => expect(screen.getAllByText("Campo obbligatorio")).toHaveLength(3));
    expect(screen.getByLabelText("Nome").getAttribute("aria-invalid")).toBeNull();
    // A value still wrong keeps (or changes) its message: the field is re-checked at each change.
    type("Nome", "");
    await waitFor(() => expect(screen.getAllByText("Campo obbligatorio")).toHaveLength(4));

    await fillIdentity();
    await waitFor(() => expect(screen.queryByText("Campo obbligatorio")).toBeNull());
    next();
    await screen.findByRole("heading", { level: 2, name: "Residenza" });
    expect(screen.getByText("Passo 2 di 5: Residenza")).toBeTruthy();
    expect(names()[0]).toBe("Dati anagrafici (completato)");
  });

  it("puts the server's 422 under the field, on its step, with the failure message", async () => {
    mockFetch(
      (call) =>
        geoAnswer(call) ??
        (call.url === "/api/v1/users/register"
          ? {
              status: 422,
              body: {
                message: "Indirizzo e-mail già registrato",
                errors: { email: ["Indirizzo e-mail già registrato"], project: ["Progetto non valido"] },
              },
            }
          : undefined),
    );
    renderApp("/register?type=cittadino");
    await screen.findByRole("heading", { level: 2, name: "Dati anagrafici" });
    await fillIdentity();
    next();
    await screen.findByRole("heading", { level: 2, name: "Residenza" });
    await fillResidence();
    next();
    await screen.findByRole("heading", { level: 2, name: "Contatti" });
    type("E-mail", "mario.rossi@example.com");
    type("Numero di cellulare", "3331234567");
    next();
    await screen.findByRole("heading", { level: 2, name: "Password" });
    type("Nuova password", "Prenota-2026!");
    type("Conferma la password", "Prenota-2026!");
    next();
    await screen.findByRole("heading", { level: 2, name: "Termini e consensi" });
    for (const label of [/^Accetto i termini/, /^Acconsento al trattamento/, /^Acconsento alla condivisione/]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByRole("button", { name: "Completa" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Contatti" })).toBeTruthy();
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Indirizzo e-mail già registrato", { selector: ".invalid-feedback" })).toBeTruthy();
    const error = screen.getByTestId("register-error");
    expect(error.textContent).toContain("Non è stato possibile completare la registrazione");
    expect(error.textContent).toContain("Progetto non valido");
    expect(session.get().user).toBeNull();
  });

  it("starts with the choice of type; an operator's step 1 needs only name and surname", async () => {
    mockFetch((call) => geoAnswer(call));
    const { router } = renderApp("/register");
    expect(await screen.findByRole("heading", { level: 1, name: "Registrazione" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Informativa sulla privacy per i cittadini" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Informativa sulla privacy per gli operatori" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Registrati come operatore" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Dati anagrafici" })).toBeTruthy();

    next();
    expect(await screen.findAllByText("Campo obbligatorio")).toHaveLength(2);
    type("Nome", "Anna");
    type("Cognome", "Verdi");
    next();
    expect(await screen.findByRole("heading", { level: 2, name: "Residenza" })).toBeTruthy();

    // Back goes one step, then to the choice, then to /login.
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Dati anagrafici" })).toBeTruthy();
    expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Anna");
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    expect(await screen.findByRole("button", { name: "Registrati come cittadino" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});

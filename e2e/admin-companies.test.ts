import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  followMenu,
  latestMessage,
  launchBrowser,
  newPage,
  settled,
  signIn,
  submitLogin,
} from "./browser.ts";

/**
 * Issue 14's journeys 1 and 2: a company registered with its first operator, who sets a password;
 * then disabled. A health-service import refused row by row, then accepted whole.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("administrator's companies journeys", () => {
  it("1. an administrator registers a company with its first operator; the operator sets a password; the company is disabled and the operator cannot sign in", async () => {
    const stamp = Date.now();
    const name = `Farmacia del Viaggio ${stamp}`;
    const email = `titolare.${stamp}@example.it`;
    const password = "Prima-Chiave-2026!";

    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Aziende");
    await admin.waitForURL("**/admin/aziende");
    await expect.poll(() => heading(admin)).toBe("Aziende");
    await settled(admin);
    await expectAccessible(admin);

    await admin.getByRole("link", { name: "Nuova azienda" }).click();
    await admin.waitForURL("**/admin/aziende/nuova");
    await expect.poll(() => heading(admin)).toBe("Nuova azienda");
    await admin.getByLabel("Nome", { exact: true }).fill(name);
    await admin.getByLabel("Sottotipo").selectOption("farmacia_rurale");
    await admin.getByLabel("Indirizzo", { exact: true }).fill("Via del Corso 10");
    await admin.getByLabel("Comune", { exact: true }).fill("Roma");
    await admin.getByLabel("Provincia (sigla)").fill("RM");
    await admin.getByLabel("Regione", { exact: true }).fill("Lazio");
    await admin.getByLabel("CAP").fill("00186");
    await admin.getByLabel("E-mail dell'amministratore").fill(email);
    await admin.getByLabel("Nome dell'amministratore", { exact: true }).fill("Elena");
    await admin.getByLabel("Cognome dell'amministratore").fill("Viaggi");
    await expectAccessible(admin);
    await admin.getByRole("button", { name: "Registra l'azienda" }).click();
    await admin.waitForURL("**/admin/aziende/dettaglio/**");
    await expect.poll(() => heading(admin)).toBe(name);
    const operatorRow = admin.getByTestId("operator-row").filter({ hasText: email });
    await expect.poll(() => operatorRow.count()).toBe(1);
    await settled(admin);
    await expectAccessible(admin);

    // The operator chooses a password from the welcome e-mail and signs in.
    const operator = await newPage(browser);
    const mail = await latestMessage(operator, email, /password\/reset/);
    expect(mail).toContain("72 ore");
    const link = /(http\S+\/password\/reset\?\S+)/.exec(mail)?.[1] as string;
    await operator.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await expect.poll(() => heading(operator)).toBe("Reimposta la password");
    await operator.getByLabel("Nuova password").fill(password);
    await operator.getByLabel("Conferma la password").fill(password);
    await operator.getByRole("button", { name: "Reimposta la password" }).click();
    await operator.waitForURL("**/login");
    await submitLogin(operator, email, password);
    await expect.poll(() => new URL(operator.url()).pathname).not.toBe("/login");
    expect(new URL(operator.url()).pathname).not.toBe("/disabled");

    // The administrator disables the company, after a confirmation.
    await admin.getByRole("button", { name: "Disabilita l'azienda" }).click();
    const dialog = admin.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Disabilita l'azienda" }).click();
    await expect.poll(() => admin.getByText("Azienda disabilitata").first().isVisible()).toBe(true);
    await expect.poll(() => admin.getByRole("button", { name: "Abilita l'azienda" }).isVisible()).toBe(true);

    // The operator cannot sign in any more.
    const again = await newPage(browser);
    await submitLogin(again, email, password);
    await again.waitForURL("**/disabled");
    await expectAccessible(again);
    await admin.close();
    await operator.close();
    await again.close();
  });

  it("2. an import with two bad rows lists them by row number and imports nothing; the corrected file imports every row", async () => {
    const stamp = Date.now();
    const name = `Poliambulatorio Import ${stamp}`;
    const admin = await newPage(browser);
    // The company this journey imports into is its own, registered through the API (journey 1 is
    // about registering one through the page): the demo companies' services stay as other journeys expect.
    const login = await admin.request.post(`${baseUrl()}/api/v1/users/login`, {
      data: { email: "admin@cura.demo", password: DEMO_PASSWORD },
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const registered = await admin.request.post(`${baseUrl()}/api/v1/companies/new/register`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name,
        type: "poliambulatorio",
        subtype: "poliambulatorio",
        level: 2,
        address: "Via Toledo 100",
        comune: "Napoli",
        provincia: "NA",
        regione: "Campania",
        cap: "80134",
        administrator: { email: `direzione.${stamp}@example.it`, name: "Carlo", surname: "Import" },
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Aziende");
    await admin.waitForURL("**/admin/aziende");
    await settled(admin);
    const filters = admin.getByRole("form", { name: "Filtri delle aziende" });
    await filters.getByLabel("Cerca", { exact: true }).fill(String(stamp));
    await filters.getByRole("button", { name: "Applica i filtri" }).click();
    await admin.getByRole("link", { name }).click();
    await admin.waitForURL("**/admin/aziende/dettaglio/**");
    await expect.poll(() => heading(admin)).toBe(name);
    const section = admin.getByRole("region", { name: "Importa prestazioni" });
    await section.scrollIntoViewIfNeeded();
    await settled(admin);
    await expectAccessible(admin);

    // The template the administrator fills in.
    const [template] = await Promise.all([
      admin.waitForEvent("download"),
      section.getByRole("button", { name: "Scarica il modello" }).click(),
    ]);
    expect(template.suggestedFilename()).toBe("modello-prestazioni.xlsx");

    // Rows 3 and 5 (the header is row 1) are wrong: no name, minutes in words.
    const header = "nome;descrizione;servizio;durata_minuti;prezzo;capienza;attiva";
    const file = (rows: string[]) => ({
      name: "prestazioni.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([header, ...rows].join("\r\n")),
    });
    const service = (what: string) => `${what} ${stamp}`;
    const input = section.getByLabel("File delle prestazioni");
    await input.setInputFiles(
      file([
        `${service("Visita cardiologica")};Con ECG;1;30;80;;sì`,
        ";Senza nome;1;20;;;sì",
        `${service("Spirometria")};;1;20;35,50;;sì`,
        `${service("Holter pressorio")};24 ore;1;quindici;60;;sì`,
      ]),
    );
    await section.getByRole("button", { name: "Importa", exact: true }).click();
    const problems = section.getByRole("alert");
    await expect
      .poll(() => problems.textContent())
      .toContain("Il file contiene righe non valide: nessuna prestazione è stata importata");
    const listed = await problems.getByRole("listitem").allTextContents();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(/^Riga 3: nome/);
    expect(listed[1]).toMatch(/^Riga 5: durata_minuti/);
    await expectAccessible(admin);

    // The corrected file: every row in.
    await input.setInputFiles(
      file([
        `${service("Visita cardiologica")};Con ECG;1;30;80;;sì`,
        `${service("Visita di controllo")};Senza nome prima;1;20;;;sì`,
        `${service("Spirometria")};;1;20;35,50;;sì`,
        `${service("Holter pressorio")};24 ore;1;15;60;;no`,
      ]),
    );
    await section.getByRole("button", { name: "Importa", exact: true }).click();
    await expect.poll(() => admin.getByText("Prestazioni importate: 4").isVisible()).toBe(true);
    expect(await section.getByRole("alert").count()).toBe(0);
    await expectAccessible(admin);

    // They are the company's services now: the services page lists the four.
    await followMenu(admin, "Servizi");
    await admin.waitForURL("**/admin/servizi");
    await settled(admin);
    const serviceFilters = admin.getByRole("form", { name: "Filtri delle prestazioni" });
    await serviceFilters.getByLabel("Cerca prestazione").fill(String(stamp));
    await serviceFilters.getByRole("button", { name: "Applica i filtri" }).click();
    const rows = admin.getByTestId("health-service-row");
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.filter({ hasText: name }).count()).toBe(4);
    const holter = rows.filter({ hasText: service("Holter pressorio") });
    expect(await holter.textContent()).toContain("Non attiva");
    await expectAccessible(admin);
    await admin.close();
  });

  it("the services page's parameters: a parameter's default bands open in its form; an overlap is refused by its field", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Servizi");
    await admin.waitForURL("**/admin/servizi");
    await settled(admin);
    const row = admin.getByTestId("exam-row").filter({ hasText: "Glicemia" });
    await row.getByRole("button", { name: /^Modifica/ }).click();
    const form = admin.getByRole("form", { name: /^Modifica Glicemia/ });
    const bands = form.getByTestId("exam-band");
    await expect.poll(() => bands.count()).toBeGreaterThan(1);
    await settled(admin);
    await expectAccessible(admin);
    // The second band starting inside the first: the shared rule answers by the field, nothing is saved.
    const firstMax = await form.getByLabel("Massimo fascia 1").inputValue();
    await form.getByLabel("Minimo fascia 2").fill(firstMax);
    await form.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => form.getByText("Le fasce non possono sovrapporsi").isVisible()).toBe(true);
    expect(await form.getByLabel("Minimo fascia 2").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(admin);
    await form.getByRole("button", { name: "Annulla" }).click();
    await expect.poll(() => form.count()).toBe(0);
    await admin.close();
  });
});

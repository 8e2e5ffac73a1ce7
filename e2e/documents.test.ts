import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_PASSWORD, expectAccessible, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/**
 * Issue 10's documents journey: an operator assigns the consent to a citizen's booking (the text
 * edited from the company template); the citizen opens it, the sign button stays disabled until the
 * text is scrolled to its end, signs; the signed PDF reaches the outbox of both.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CITIZEN = "giuseppe.bianchi@cura.demo";
const OPERATOR = "farmacia.operatore@cura.demo";
const CONSENT = "Consenso informato alla televisita";
const SUBJECT = `Documento firmato: ${CONSENT}`;

/** Giuseppe's ECG at Farmacia San Marco (demo activity), found through his own bookings. */
async function giuseppesBooking(page: Page): Promise<string> {
  const login = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email: CITIZEN, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const list = await page.request.get(`${baseUrl()}/api/v1/users/own/reservations/all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bookings = (await list.json()).data as Array<{ hashid: string; notes: string | null }>;
  const ecg = bookings.find((b) => b.notes?.includes("lista dei farmaci"));
  if (!ecg) throw new Error("Giuseppe's demo ECG booking is missing");
  return ecg.hashid;
}

async function signedMails(page: Page, to: string): Promise<Array<{ attachments: unknown[] }>> {
  const response = await page.request.get(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()).data as Array<{ subject: string | null; attachments: unknown[] }>;
  return messages.filter((m) => m.subject === SUBJECT);
}

describe("documents to sign journey", () => {
  it("the operator assigns the consent; the citizen reads it to the end and signs; both get the signed PDF", async () => {
    const operator = await newPage(browser);
    const booking = await giuseppesBooking(operator);
    const before = {
      citizen: (await signedMails(operator, CITIZEN)).length,
      operator: (await signedMails(operator, OPERATOR)).length,
    };

    await signIn(operator, OPERATOR);
    await operator.goto(`/operatore/prenotazioni/dettaglio/${booking}`);
    const section = operator.getByTestId("reservation-documents");
    await section.getByLabel("Modello").selectOption({ label: CONSENT });
    const text = section.getByLabel("Testo del documento (HTML)");
    await expect.poll(() => text.inputValue()).toContain("<h2>Consenso informato alla televisita</h2>");
    // The operator adapts the text for this patient: long enough to need scrolling.
    const clauses = Array.from({ length: 30 }, (_, i) => `<p>Clausola aggiuntiva n. ${i + 1} per il paziente.</p>`);
    await text.fill(`${await text.inputValue()}\n${clauses.join("\n")}`);
    await expectAccessible(operator);
    await section.getByRole("button", { name: "Assegna alla prenotazione" }).click();
    await expect.poll(() => operator.getByText("Documento assegnato alla prenotazione").first().isVisible()).toBe(true);
    await expect.poll(() => section.getByText("Da firmare").count()).toBeGreaterThan(0);

    // The templates page, reached from the section.
    await section.getByRole("link", { name: "Gestisci i modelli" }).click();
    await operator.waitForURL("**/operatore/documenti/modelli");
    await expect.poll(() => operator.getByRole("button", { name: `Modifica ${CONSENT}` }).count()).toBe(1);
    await operator.getByRole("button", { name: `Modifica ${CONSENT}` }).click();
    await operator.getByRole("region", { name: "Anteprima del documento" }).waitFor();
    await expectAccessible(operator);

    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await citizen.goto(`/cittadino/documenti/prenotazione/${booking}`);
    await settled(citizen);
    await expectAccessible(citizen);
    await citizen
      .getByRole("button", { name: `Leggi e firma ${CONSENT}` })
      .first()
      .click();
    const dialog = citizen.getByRole("dialog");
    const text2 = dialog.getByTestId("document-text");
    await expect.poll(() => text2.textContent()).toContain("Clausola aggiuntiva n. 30");
    const sign = dialog.getByRole("button", { name: "Firma il documento" });
    await expect.poll(() => sign.isDisabled()).toBe(true);
    expect(await dialog.getByText("Scorri il documento fino alla fine per abilitare la firma.").isVisible()).toBe(true);
    await expectAccessible(citizen);
    // Half way is not the end.
    await text2.evaluate((el) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
      el.dispatchEvent(new Event("scroll"));
    });
    await citizen.waitForTimeout(200);
    expect(await sign.isDisabled()).toBe(true);
    await text2.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      el.dispatchEvent(new Event("scroll"));
    });
    await expect.poll(() => sign.isEnabled()).toBe(true);
    await sign.click();
    await expect
      // Rendering and sealing the PDF takes a moment on a busy machine.
      .poll(() => citizen.getByText("Documento firmato: una copia è stata inviata per e-mail").first().isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => citizen.getByText("Firmato", { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(citizen);

    // The signed PDF, attached, in the outbox of the citizen and of the operator who prepared it.
    for (const [to, count] of [
      [CITIZEN, before.citizen],
      [OPERATOR, before.operator],
    ] as const) {
      await expect.poll(async () => (await signedMails(citizen, to)).length).toBe(count + 1);
      const [latest] = await signedMails(citizen, to);
      expect(latest?.attachments).toEqual([
        expect.objectContaining({
          filename: "consenso-informato-alla-televisita-firmato.pdf",
          content_type: "application/pdf",
        }),
      ]);
    }
    await operator.close();
    await citizen.close();
    // Two people, two areas, a PDF sealed on the way: longer than one page's journey.
  }, 180_000);
});

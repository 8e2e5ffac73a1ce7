import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_PASSWORD, expectAccessible, launchBrowser, newPage } from "./browser.ts";
import { checkModal, fromTop, keyboardSignIn, skipToContent, tabTo, typeInto, walkPage } from "./keyboard.ts";

/**
 * Issue 15's keyboard-only journey of issue 10: a citizen asks for a quick teleconsultation and
 * withdraws it before anyone calls, driven only with Tab, Shift+Tab, Enter, Space, arrows and Escape
 * (e2e/keyboard.ts: a visible focus on every stop, the skip link first, no keyboard trap, the
 * modal's focus kept inside and given back). The operator who answers is switched on through the API
 * here, and everything this journey causes is undone at the end (the operator's popups seen, the
 * switch off), so that no other journey file depends on it, nor it on them.
 */
let browser: Browser;
let api: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  api = await newPage(browser);
});
afterAll(() => browser?.close());

const CITIZEN = "maria.rossi@cura.demo";
/** Farmacia San Marco's administrator, with the emergency teleconsult permission: Maria's preferred company. */
const OPERATOR = "farmacia.admin@cura.demo";
const REASON = "Tosse e febbre da due giorni";
const NEW_REQUEST_POPUP = "Nuova richiesta di teleconsulto rapido";

interface Popup {
  hashid: string;
  title: string;
}

/** An API session of a demo account: its calls, with its bearer token. */
async function session(request: APIRequestContext, email: string) {
  const login = await request.post(`${baseUrl()}/api/v1/users/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  const url = (path: string) => `${baseUrl()}/api/v1/${path}`;
  return {
    get: async (path: string) => (await (await request.get(url(path), { headers })).json()).data,
    send: async (method: "post" | "patch", path: string, data?: unknown) => {
      const response = await request[method](url(path), { headers, ...(data === undefined ? {} : { data }) });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()).data;
    },
  };
}
type Session = Awaited<ReturnType<typeof session>>;

const unseenPopups = (who: Session): Promise<Popup[]> => who.get("popupnotifications?unseen=true");

/** Withdraws Maria's open quick request, if any (left by a failed run of this or another journey). */
async function withdrawOpenRequest(citizen: Session): Promise<void> {
  const pending = await citizen.get("reservations/emergenza/pending");
  if (pending.has_pending)
    await citizen.send("post", `reservations/own/cancel/${pending.reservation.hashid}`, { reason: 1 });
}

describe("keyboard-only teleconsultation journey", () => {
  let operator: Session;
  let citizen: Session;
  /** The operator's popups unseen before the journey: the ones it adds are marked seen at the end. */
  let popupsBefore = new Set<string>();

  beforeAll(async () => {
    operator = await session(api.request, OPERATOR);
    citizen = await session(api.request, CITIZEN);
    expect(await operator.send("patch", "services/10/operator/status", { status: true })).toEqual({ active: true });
    popupsBefore = new Set((await unseenPopups(operator)).map((p) => p.hashid));
    await withdrawOpenRequest(citizen);
    // A popup of Maria's left unseen would open over every page of the journey.
    for (const popup of await unseenPopups(citizen))
      await citizen.send("patch", `popupnotifications/${popup.hashid}/seen`);
  });

  afterAll(async () => {
    await withdrawOpenRequest(citizen);
    for (const popup of await unseenPopups(operator)) {
      if (!popupsBefore.has(popup.hashid) && popup.title === NEW_REQUEST_POPUP)
        await operator.send("patch", `popupnotifications/${popup.hashid}/seen`);
    }
    expect(await operator.send("patch", "services/10/operator/status", { status: false })).toEqual({ active: false });
  });

  it("a citizen asks for a quick teleconsultation and withdraws it, with the keyboard only", async () => {
    const page = await newPage(browser);
    await keyboardSignIn(page, CITIZEN);
    await walkPage(page);

    // The teleconsultations: the skip link, then the way to a quick request.
    await page.goto("/cittadino/teleconsulti");
    await page.getByRole("heading", { level: 1, name: "Teleconsulti" }).waitFor();
    await walkPage(page);
    await skipToContent(page);
    await tabTo(page, "Nuovo teleconsulto rapido");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/cittadino/teleconsulti/nuovo/tcemergenza");

    // The request: for oneself (the select's default), the reason typed where Tab lands.
    await expect.poll(() => page.getByLabel("Motivo della richiesta").isVisible()).toBe(true);
    await walkPage(page);
    await fromTop(page);
    await typeInto(page, "Motivo della richiesta", REASON);
    await expectAccessible(page);
    await tabTo(page, "Invia la richiesta");
    await page.keyboard.press("Enter");
    const pending = page.getByTestId("teleconsult-pending");
    await expect.poll(() => pending.isVisible()).toBe(true);
    await expect.poll(() => pending.getByText("In attesa di presa in carico").isVisible()).toBe(true);
    await expectAccessible(page);
    await walkPage(page);

    // 'Annulla richiesta': its dialog keeps the focus, Escape gives it back to the button.
    await fromTop(page);
    await tabTo(page, "Annulla richiesta");
    await checkModal(page, "Annullare la richiesta di teleconsulto?");
    const dialog = page.getByRole("dialog", { name: "Annullare la richiesta di teleconsulto?" });
    // Confirming without a reason says so, and nothing is sent.
    await tabTo(page, "Annulla la richiesta");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByText("Scegli un motivo").isVisible()).toBe(true);
    // The reasons are one radio group: Tab (round the dialog) reaches its first, the arrows choose.
    await tabTo(page, (stop) => stop.type === "radio" && stop.inModal, { max: 12 });
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => dialog.getByLabel("Non posso mantenere l'impegno").isChecked()).toBe(true);
    await expectAccessible(page);
    await tabTo(page, "Annulla la richiesta");
    await page.keyboard.press("Enter");

    // Withdrawn: the dialog and the request are gone, the focus is on the page's heading, the form is back.
    await expect.poll(() => page.getByTestId("teleconsult-withdrawn").isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await expect.poll(() => page.getByLabel("Motivo della richiesta").isVisible()).toBe(true);
    expect(await pending.count()).toBe(0);
    await expectAccessible(page);
    await walkPage(page);

    // The list shows it cancelled.
    await fromTop(page);
    await tabTo(page, "Torna ai teleconsulti");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/cittadino/teleconsulti/lista");
    const row = page.getByTestId("teleconsult-row").filter({ hasText: REASON }).first();
    await expect.poll(() => row.getByText("Annullato").isVisible()).toBe(true);
    await walkPage(page);
    await expectAccessible(page);
    expect((await citizen.get("reservations/emergenza/pending")).has_pending).toBe(false);
    await page.close();
  }, 240_000);
});

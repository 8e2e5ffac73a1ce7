import { taxCodeCheckChar } from "@cura/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLOSURES } from "../apps/api/src/modules/companies/demo-closures.ts";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  isPhone,
  latestMessage,
  launchBrowser,
  newPage,
  settled,
} from "./browser.ts";

/**
 * Issue 15's keyboard-only journeys: registration, a booking with preferences, an operator confirming
 * one booking and proposing a date for another, a reading and a therapy in the health file, an administrator registering a company, driven only with Tab, Shift+Tab, Enter, Space, arrows
 * and Escape (no clicks, no `fill`: text is typed into the field the Tab key reached).
 *
 * On every step the focused element must show where the focus is (`focusRing` below), and on every
 * page: the skip link is the first stop and leads to the main content, and Tab goes round the whole
 * page and back (nothing keeps the keyboard). Modals keep the focus inside and give it back on close.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What the journey knows of the focused element. */
interface Stop {
  /** The element's accessible name as far as the page can tell (aria-label, label, text). */
  name: string;
  tag: string;
  type: string;
  role: string;
  /** The text of the row, list item or card around it: names a row's "Apri" link. */
  context: string;
  inModal: boolean;
  skipLink: boolean;
  /** Null when a focus style is visible, or why not. */
  invisible: string | null;
  /** An element focused by script only (tabindex -1: main content, a step's heading). */
  programmatic: boolean;
}

/**
 * The focused element, judged in the page. The rule for a visible focus: the element itself (or,
 * for a radio or checkbox whose input is hidden and drawn by its label, the label) has an outline of some width in a colour that is not transparent, or a box-shadow that is
 * not transparent. Those are the two ways Bootstrap Italia (`:focus` → box-shadow ring) and our own
 * CSS draw focus. A border colour change alone is not accepted: it cannot be told from the resting
 * state without moving the focus away, and the design system never relies on it. One exception: the
 * calendar button inside a date input, a part of the browser's own that page styles cannot reach,
 * which the browser rings itself (seen on a screenshot of Chromium).
 * Elements focused by script with tabindex -1 (the main region after the skip link, a wizard step's
 * heading) are exempt: they are not controls, the ring would frame the whole page, and screen readers
 * announce them; Tab never stops on them.
 */
async function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const transparent = (colour: string) => /rgba\([^)]*,\s*0\)|transparent/.test(colour);
    const ring = (style: CSSStyleDeclaration): boolean => {
      const outline =
        style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
      // Each shadow of the list: visible when its colour is not transparent.
      const shadows = style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\))/);
      const shadow = shadows.some((s) => !transparent(s));
      return outline || shadow;
    };
    const input = el as HTMLInputElement;
    const labelled = el.matches("input[type=radio], input[type=checkbox]") ? (input.labels?.[0] ?? null) : null;
    // Past a date's last segment the focus is on the calendar button inside the input (the browser's
    // own shadow tree): the input no longer matches :focus and the browser draws its ring on the button.
    const browserPart =
      el.matches("input[type=date], input[type=time], input[type=datetime-local]") && !el.matches(":focus");
    // A radio or checkbox hidden by the design system (Bootstrap Italia's form-check, Bootstrap's
    // btn-check) is drawn by its label: a ring on the clipped input itself would not be seen.
    const inputStyle = getComputedStyle(el);
    const hidden =
      labelled !== null &&
      (inputStyle.opacity === "0" || inputStyle.clip !== "auto" || el.getBoundingClientRect().width <= 1);
    const judge = () =>
      browserPart ||
      (!hidden && ring(getComputedStyle(el))) ||
      (labelled !== null &&
        (ring(getComputedStyle(labelled)) ||
          ring(getComputedStyle(labelled, "::before")) ||
          ring(getComputedStyle(labelled, "::after"))));
    let visible = judge();
    if (!visible) {
      // Judge the focus style as it ends, not at the start of one of Bootstrap Italia's transitions.
      const finishing = [el, ...(labelled ? [labelled] : [])].flatMap((e) => e.getAnimations());
      await Promise.all(finishing.map((a) => a.finished.catch(() => undefined)));
      visible = judge();
    }
    const style = getComputedStyle(el);
    const labelText = input.labels?.[0]?.textContent ?? "";
    const labelledBy = el.getAttribute("aria-labelledby");
    const name = (
      el.getAttribute("aria-label") ?? (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? "") : "")
    ).trim();
    const contextOf = el.closest("tr, li, article, .card, .form-check");
    return {
      name: (name || labelText || el.textContent || "").replace(/\s+/g, " ").trim(),
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute("type") ?? "",
      role: el.getAttribute("role") ?? "",
      context: (contextOf?.textContent ?? "").replace(/\s+/g, " ").trim(),
      inModal: el.closest(".modal") !== null,
      skipLink: el.matches(".skiplinks a"),
      invisible: visible
        ? null
        : `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow}`,
      programmatic: el.tabIndex < 0,
    };
  });
}

const describeStop = (stop: Stop | null) =>
  stop ? `<${stop.tag}${stop.type ? ` ${stop.type}` : ""}> "${stop.name}"` : "body";

/** Presses a key and checks that what it focused shows its focus. */
async function press(page: Page, key: string): Promise<Stop | null> {
  await page.keyboard.press(key);
  const stop = await focused(page);
  if (stop && !stop.programmatic) {
    expect(stop.invisible, `no visible focus on ${describeStop(stop)} of ${page.url()}`).toBeNull();
  }
  return stop;
}

type Match = string | RegExp | ((stop: Stop) => boolean);
const matches = (stop: Stop, match: Match) =>
  typeof match === "function" ? match(stop) : typeof match === "string" ? stop.name === match : match.test(stop.name);

/**
 * Tabs (forwards, or backwards with Shift+Tab) until the focus is on the element matching `match`,
 * checking every stop on the way. Fails after `max` stops: the element is unreachable.
 */
async function tabTo(page: Page, match: Match, options: { max?: number; back?: boolean } = {}): Promise<Stop> {
  const max = options.max ?? 120;
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    const stop = await press(page, options.back ? "Shift+Tab" : "Tab");
    if (stop && matches(stop, match)) return stop;
    seen.push(describeStop(stop));
  }
  throw new Error(
    `${String(match)} not reached in ${max} Tab presses on ${page.url()}; went through: ${seen.join(", ")}`,
  );
}

/** Tabs to a field and types into it, as a keyboard user does. */
async function typeInto(page: Page, match: Match, text: string): Promise<void> {
  await tabTo(page, match);
  await page.keyboard.type(text);
}

/**
 * Tabs to a closed select and chooses an option by typing its first letters (the browser's
 * type-ahead), once the options have arrived.
 */
async function chooseOption(page: Page, match: Match, option: string): Promise<void> {
  await tabTo(page, match);
  const selected = () =>
    page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.textContent?.trim());
  await expect
    .poll(() =>
      page.evaluate(
        (text) => Array.from((document.activeElement as HTMLSelectElement).options).some((o) => o.text.trim() === text),
        option,
      ),
    )
    .toBe(true);
  await page.keyboard.type(option);
  await expect.poll(selected).toBe(option);
}

/**
 * The page as a whole, from where the focus is now: the skip link is the first stop of the page
 * (right after the browser's own, where Tab wraps round) and Tab comes back to where it started
 * within `max` stops, so no widget keeps the keyboard. Every stop on the way shows its focus.
 */
async function walkPage(page: Page, max = 200): Promise<void> {
  await fromTop(page);
  const first = await press(page, "Tab");
  expect(first?.skipLink, `the first Tab stop of ${page.url()} is ${describeStop(first)}, not the skip link`).toBe(
    true,
  );
  const names: string[] = [];
  for (let i = 0; i < max; i++) {
    const stop = await press(page, "Tab");
    if (stop?.skipLink) {
      expect(names.length, `Tab went straight back to the skip link on ${page.url()}`).toBeGreaterThan(0);
      return;
    }
    names.push(describeStop(stop));
  }
  throw new Error(
    `Tab never came back to the skip link on ${page.url()} (a keyboard trap?): ${names.slice(-15).join(", ")}`,
  );
}

/**
 * Puts the browser's starting point for Tab at the top of the document, as a fresh page load does
 * (a single-page app's navigation keeps it where the last focus was): a focusable element put first
 * in the body takes the focus and is removed, which leaves the starting point before everything.
 */
async function fromTop(page: Page): Promise<void> {
  // The page is shown (its shell is there) and has stopped changing: a signed-in user leaving a
  // public page sees it until the next one is ready (RootLayout), and the walk starts on the next.
  await page.locator(".skiplinks a").waitFor({ state: "attached" });
  await settled(page);
  await page.evaluate(() => {
    const marker = document.createElement("span");
    marker.tabIndex = -1;
    document.body.prepend(marker);
    marker.focus();
    marker.remove();
  });
}

/** The skip link leads to the main content: after it, the next Tab stop is inside `<main>`. */
async function skipToContent(page: Page): Promise<void> {
  await fromTop(page);
  const first = await press(page, "Tab");
  expect(first?.skipLink).toBe(true);
  expect(first?.name).toBe("Vai al contenuto principale");
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
  await press(page, "Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
}

/**
 * A modal dialog opened from the focused element: the focus goes into it, Tab from its last element
 * goes to its first (and Shift+Tab back), and Escape closes it with the focus back on the opener.
 * The dialog is opened again afterwards, for the journey to use.
 */
async function checkModal(page: Page, title: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement).setAttribute("data-keyboard-opener", ""));
  const opener = await focused(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: title });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".modal") !== null)).toBe(true);
  const stops: string[] = [];
  let wrapped = false;
  for (let i = 0; i < 60 && !wrapped; i++) {
    const stop = await press(page, "Tab");
    expect(stop?.inModal, `Tab left the dialog "${title}" for ${describeStop(stop)}`).toBe(true);
    const key = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      el.dataset.keyboardStop ??= String(document.querySelectorAll("[data-keyboard-stop]").length);
      return el.dataset.keyboardStop as string;
    });
    wrapped = stops.includes(key);
    stops.push(key);
  }
  expect(wrapped, `Tab never came round inside the dialog "${title}"`).toBe(true);
  const back = await press(page, "Shift+Tab");
  expect(back?.inModal, `Shift+Tab left the dialog "${title}"`).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-keyboard-opener") ?? false), {
      timeout: 5_000,
    })
    .toBe(true);
  await page.evaluate(() => document.querySelector("[data-keyboard-opener]")?.removeAttribute("data-keyboard-opener"));
  expect(opener).not.toBeNull();
  await page.keyboard.press("Enter");
  await expect.poll(() => dialog.isVisible()).toBe(true);
}

const h2 = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

/** Signs in from the login page with the keyboard only. */
async function keyboardSignIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await walkPage(page);
  await fromTop(page);
  await typeInto(page, "E-mail o nome utente", email);
  await typeInto(page, "Password", DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL("**/home");
}

/** A calendar day in Rome, YYYY-MM-DD, `offset` days from today. */
function romeDay(offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * Weekdays from 16 days ahead on which Farmacia San Marco is open (none of its demo closures): past
 * the days the other journeys book and close the pharmacy on, whatever the order of the files.
 */
function weekdaysAhead(count: number): string[] {
  const days: string[] = [];
  for (let offset = 16; days.length < count; offset++) {
    const day = romeDay(offset);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const closed = DEMO_CLOSURES.some((c) => c.company === null && c.dateFrom <= day && day <= c.dateTo);
    if (weekday >= 1 && weekday <= 5 && !closed) days.push(day);
  }
  return days;
}

/**
 * What a keyboard types into a date field: Chromium lays the field out in the browser's own language
 * (American English here: month, day, year), not in the page's.
 */
const typedDate = (day: string) => {
  const [year, month, date] = day.split("-");
  return `${month}${date}${year}`;
};

/** The booking made in journey 2, proposed a new date in journey 3. */
let wizardBooking = "";

describe("keyboard-only journeys", () => {
  it("1. a citizen registers, confirms phone and e-mail, and reaches home with the keyboard only", async () => {
    const page = await newPage(browser);
    const email = "sara.conti@example.it";
    const cf15 = "CNTSRA88E52F205";
    const cf = cf15 + taxCodeCheckChar(cf15);

    await page.goto("/login");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await skipToContent(page);
    await tabTo(page, "Registrati");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/register");
    await walkPage(page);
    await tabTo(page, "Registrati come cittadino");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Dati anagrafici").isVisible()).toBe(true);
    await typeInto(page, "Nome", "Sara");
    await typeInto(page, "Cognome", "Conti");
    await typeInto(page, "Codice fiscale", cf);
    await expect.poll(() => page.getByLabel("Data di nascita").inputValue()).toBe("1988-05-12");
    await expectAccessible(page);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Residenza").isVisible()).toBe(true);
    // A closed select chooses by typing the option's first letters.
    await chooseOption(page, "Regione", "Lombardia");
    await chooseOption(page, "Provincia", "Milano (MI)");
    await chooseOption(page, "Comune", "Milano");
    await typeInto(page, "Indirizzo", "Via Padova 12");
    await typeInto(page, "CAP", "20127");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Contatti").isVisible()).toBe(true);
    await typeInto(page, "E-mail", email);
    await typeInto(page, "Numero di cellulare", "3471112299");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Password").isVisible()).toBe(true);
    await typeInto(page, "Nuova password", "Salute-Milano-2026!");
    await typeInto(page, "Conferma la password", "Salute-Milano-2026!");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Termini e consensi").isVisible()).toBe(true);
    for (const consent of [/^Accetto i termini/, /^Acconsento al trattamento/, /^Acconsento alla condivisione/]) {
      await tabTo(page, consent);
      await page.keyboard.press("Space");
    }
    await expectAccessible(page);
    await tabTo(page, "Completa");
    await page.keyboard.press("Enter");

    await page.waitForURL("**/number/verify");
    await walkPage(page);
    await tabTo(page, "Invia il codice");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("otp-number").textContent()).toContain("3*******99");
    const sms = await latestMessage(page, "+393471112299", /è \d{6}/);
    const code = /è (\d{6})/.exec(sms)?.[1] as string;
    await typeInto(page, "Cifra 1 di 6", code);
    await expectAccessible(page);
    await tabTo(page, "Verifica");
    await page.keyboard.press("Enter");

    // The e-mail's link is followed from the mail, not from the page.
    await page.waitForURL("**/email/verify/invalid");
    const mail = await latestMessage(page, email, /email\/verify\//);
    const link = /(http\S+\/api\/v1\/email\/verify\/\S+)/.exec(mail)?.[1] as string;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await page.waitForURL("**/cittadino/home");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Sara$/);
    await walkPage(page);
    await skipToContent(page);
    await expectAccessible(page);
    await page.close();
  });

  it("2. a citizen books a service for a new family member with three preferences, with the keyboard only", async () => {
    const page = await newPage(browser);
    await keyboardSignIn(page, "maria.rossi@cura.demo");
    await walkPage(page);
    await page.goto("/cittadino/appuntamenti/nuovo/prestazione");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await skipToContent(page);
    await typeInto(page, "Di quale prestazione hai bisogno?", "Ritiro farmaci");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // For whom: a new family member, added through the modal.
    await expect.poll(() => h2(page, "Per chi").isVisible()).toBe(true);
    await tabTo(page, "Aggiungi un familiare");
    await checkModal(page, "Aggiungi un familiare");
    await typeInto(page, "Nome", MOTHER.name);
    await typeInto(page, "Cognome", MOTHER.surname);
    await typeInto(page, "Codice fiscale", MOTHER.taxCode);
    await chooseOption(page, "Fascia d'età", "Anziano");
    await chooseOption(page, "Parentela", "Genitore");
    await chooseOption(page, "Sesso", "Femmina");
    await expectAccessible(page);
    await tabTo(page, "Salva il familiare");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog", { name: "Aggiungi un familiare" }).count()).toBe(0);
    await expect.poll(() => page.getByLabel(`${MOTHER.name} ${MOTHER.surname} (Genitore)`).isChecked()).toBe(true);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The facility: the pharmacy of her care circle, and its service.
    await expect.poll(() => h2(page, "Struttura").isVisible()).toBe(true);
    await tabTo(page, /^Farmacia San Marco/);
    await page.keyboard.press("Enter");
    await tabTo(page, "Scegli Ritiro farmaci su prenotazione presso Farmacia San Marco");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The date: the week's free slots are one radio group, a single Tab stop moved with the arrows,
    // so "Avanti" is a few Tabs away from a chosen slot (it took one Tab per slot when they were buttons).
    await expect.poll(() => page.locator("#week-slots-title ~ fieldset input[type=radio]").count()).toBeGreaterThan(2);
    await tabTo(page, (stop) => stop.type === "radio" && /^\d\d:\d\d$/.test(stop.name));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator("#week-slots-title ~ fieldset input:checked").count()).toBe(1);
    await tabTo(page, "Avanti", { max: 3 });
    // Back to the choice between a slot and preferences, and on to the preferences.
    await tabTo(page, "Scegli un orario libero", { back: true, max: 6 });
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByLabel("Indica le tue preferenze").isChecked()).toBe(true);
    const slots = ["Pomeriggio", "Mattina", "Tutto il giorno"];
    for (const [index, day] of weekdaysAhead(3).entries()) {
      await typeInto(page, `Data della preferenza ${index + 1}`, typedDate(day));
      await expect.poll(() => page.getByLabel(`Data della preferenza ${index + 1}`).inputValue()).toBe(day);
      await chooseOption(page, `Fascia oraria della preferenza ${index + 1}`, slots[index] as string);
    }
    await expectAccessible(page);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The summary: the privacy confirmation is a checkbox, ticked with Space.
    await tabTo(page, /^Ho letto l'informativa sulla privacy/);
    await page.keyboard.press("Space");
    await tabTo(page, "Invia la prenotazione");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("booking-created").isVisible()).toBe(true);
    await tabTo(page, "Vedi la richiesta");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/cittadino/appuntamenti/dettaglio/**");
    wizardBooking = page.url().split("/").pop() as string;
    await expect.poll(() => page.getByTestId("booking-status").textContent()).toBe("Ricevuto");
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });

  it("3. an operator confirms one booking and proposes a date for another, with the keyboard only", async () => {
    expect(wizardBooking, "journey 2 made the booking").not.toBe("");
    const page = await newPage(browser);
    await keyboardSignIn(page, "farmacia.admin@cura.demo");
    await walkPage(page);

    // Giuseppe's blood-pressure check, received, found in the worklist through the menu (on a phone,
    // behind its toggle).
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Prenotazioni");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/operatore/prenotazioni/**");
    await tabTo(
      page,
      (stop) => stop.name.startsWith("Dettaglio") && /Bianchi/.test(stop.context) && /Ricevuto/.test(stop.context),
    );
    await page.keyboard.press("Enter");
    await page.waitForURL("**/operatore/prenotazioni/dettaglio/**");
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Ricevuto");
    await walkPage(page);
    await tabTo(page, "Conferma");
    await checkModal(page, "Confermare la prenotazione?");
    await tabTo(page, "Sì");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Confermato");
    // The button that opened the dialog is gone with the action: the focus goes to the heading, not nowhere.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await expectAccessible(page);

    // Maria's request of journey 2: another date, chosen in the dialog's radio group.
    await page.goto(`/operatore/prenotazioni/dettaglio/${wizardBooking}`);
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Ricevuto");
    await skipToContent(page);
    await tabTo(page, "Proponi un'altra data");
    await checkModal(page, "Proponi un'altra data");
    const [day] = weekdaysAhead(1);
    await typeInto(page, "Giorno", typedDate(day as string));
    const dialog = page.getByRole("dialog", { name: "Proponi un'altra data" });
    await expect.poll(() => dialog.getByRole("radio").count()).toBeGreaterThan(1);
    await tabTo(page, (stop) => stop.type === "radio");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByRole("radio", { checked: true }).count()).toBe(1);
    await expectAccessible(page);
    await tabTo(page, "Proponi");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("In attesa di risposta");
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
  it("4. a citizen records a blood-pressure reading and a therapy in her health file, with the keyboard only", async () => {
    const page = await newPage(browser);
    await keyboardSignIn(page, "giulia.esposito@cura.demo");
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Profilo sanitario");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/profilosanitario**");
    await tabTo(page, "Parametri");
    await page.keyboard.press("Enter");
    await chooseOption(page, "Parametro", "Pressione diastolica (mmHg)");
    await walkPage(page);

    // The reading, in a dialog that keeps the focus and gives it back.
    await tabTo(page, "Nuova misurazione");
    await checkModal(page, "Nuova misurazione: Pressione diastolica");
    await typeInto(page, "Valore (mmHg)", "85");
    await expectAccessible(page);
    await tabTo(page, "Salva");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByRole("table").getByRole("row").nth(1).textContent()).toContain("85 mmHg");

    // A therapy written by hand, once a day in the morning, for a week.
    await fromTop(page);
    await tabTo(page, "Terapie");
    await page.keyboard.press("Enter");
    await tabTo(page, "Nuova terapia");
    await page.keyboard.press("Enter");
    await expect.poll(() => h2(page, "Nuova terapia").count()).toBe(1);
    await tabTo(page, (stop) => stop.type === "radio");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByLabel("Non in elenco (scritto a mano)").isChecked()).toBe(true);
    await typeInto(page, "Nome del farmaco", "Sciroppo della nonna");
    await typeInto(page, "Dosaggio", "1");
    await chooseOption(page, "Unità", "bustina");
    await chooseOption(page, "Via di somministrazione", "Orale");
    await chooseOption(page, "Frequenza", "Volte al giorno");
    await tabTo(page, "Mattina");
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByLabel("Mattina", { exact: true }).isChecked()).toBe(true);
    await typeInto(page, "Data di inizio", typedDate(romeDay(0)));
    await typeInto(page, "Data di fine", typedDate(romeDay(6)));
    await typeInto(page, "Prescrittore", "Dott. Luca Verdi");
    await chooseOption(page, "Fonte dell'informazione", "Medico di medicina generale");
    await expectAccessible(page);
    await tabTo(page, "Salva");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Sciroppo della nonna").count()).toBeGreaterThan(0);
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
  it("5. an administrator registers a company with its first operator, with the keyboard only", async () => {
    const stamp = Date.now();
    const name = `Farmacia della Tastiera ${stamp}`;
    const email = `tastiera.${stamp}@example.it`;
    const page = await newPage(browser);
    await keyboardSignIn(page, "admin@cura.demo");
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Aziende");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende");
    await walkPage(page);
    await tabTo(page, "Nuova azienda");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende/nuova");
    await typeInto(page, "Nome", name);
    await chooseOption(page, "Sottotipo", "Farmacia rurale");
    await typeInto(page, "Indirizzo", "Via dei Tasti 1");
    await typeInto(page, "Comune", "Roma");
    await typeInto(page, "Provincia (sigla)", "RM");
    await typeInto(page, "Regione", "Lazio");
    await typeInto(page, "CAP", "00186");
    await typeInto(page, "E-mail dell'amministratore", email);
    await typeInto(page, "Nome dell'amministratore", "Tina");
    await typeInto(page, "Cognome dell'amministratore", "Tasti");
    await expectAccessible(page);
    await tabTo(page, "Registra l'azienda");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende/dettaglio/**");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await expect.poll(() => page.getByTestId("operator-row").filter({ hasText: email }).count()).toBe(1);
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
});

/** Maria's mother, added from the wizard: a valid tax code (its check character computed). */
const MOTHER = { name: "Anna", surname: "Rossi", taxCode: `RSSNNA50A41F205${taxCodeCheckChar("RSSNNA50A41F205")}` };

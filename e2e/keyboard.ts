import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_CLOSURES } from "../apps/api/src/modules/companies/demo-closures.ts";
import { appReady, areaShown, DEMO_PASSWORD, settled } from "./browser.ts";

/**
 * Moving through pages with the keyboard only, for issue 15's keyboard journeys (keyboard*.test.ts):
 * what is focused and whether it shows, Tab to a named control, typing into the field Tab reached,
 * a whole page walked round, modals checked for a focus trap. No clicks, no `fill`.
 */

/** What the journey knows of the focused element. */
export interface Stop {
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
export async function focused(page: Page): Promise<Stop | null> {
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

export const describeStop = (stop: Stop | null) =>
  stop ? `<${stop.tag}${stop.type ? ` ${stop.type}` : ""}> "${stop.name}"` : "body";

/** Presses a key and checks that what it focused shows its focus. */
export async function press(page: Page, key: string): Promise<Stop | null> {
  await page.keyboard.press(key);
  const stop = await focused(page);
  if (stop && !stop.programmatic) {
    expect(stop.invisible, `no visible focus on ${describeStop(stop)} of ${page.url()}`).toBeNull();
  }
  return stop;
}

export type Match = string | RegExp | ((stop: Stop) => boolean);
export const matches = (stop: Stop, match: Match) =>
  typeof match === "function" ? match(stop) : typeof match === "string" ? stop.name === match : match.test(stop.name);

/**
 * Tabs (forwards, or backwards with Shift+Tab) until the focus is on the element matching `match`,
 * checking every stop on the way. Fails after `max` stops: the element is unreachable.
 */
export async function tabTo(page: Page, match: Match, options: { max?: number; back?: boolean } = {}): Promise<Stop> {
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
export async function typeInto(page: Page, match: Match, text: string): Promise<void> {
  await tabTo(page, match);
  await page.keyboard.type(text);
}

/**
 * Tabs to a closed select and chooses an option by typing its first letters (the browser's
 * type-ahead), once the options have arrived.
 */
export async function chooseOption(page: Page, match: Match, option: string): Promise<void> {
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
export async function walkPage(page: Page, max = 200): Promise<void> {
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
export async function fromTop(page: Page): Promise<void> {
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
export async function skipToContent(page: Page): Promise<void> {
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
export async function checkModal(page: Page, title: string): Promise<void> {
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

export const h2 = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

/** Signs in from the login page with the keyboard only. */
export async function keyboardSignIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await appReady(page);
  await walkPage(page);
  await fromTop(page);
  await typeInto(page, "E-mail o nome utente", email);
  await typeInto(page, "Password", DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL("**/home");
  // The journey's next Tab belongs to the home: on the address alone, keyboard journey 5 spent its
  // 120 presses on the login page still on screen and on the empty page before the area (CI, 2.3 s).
  await areaShown(page);
}

/** A calendar day in Rome, YYYY-MM-DD, `offset` days from today. */
export function romeDay(offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * Weekdays from 16 days ahead on which Farmacia San Marco is open (none of its demo closures): past
 * the days the other journeys book and close the pharmacy on, whatever the order of the files.
 */
export function weekdaysAhead(count: number): string[] {
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
export const typedDate = (day: string) => {
  const [year, month, date] = day.split("-");
  return `${month}${date}${year}`;
};

/// <reference lib="dom" />
// (The checks run in the page: the DOM types, also when scripts/screens.ts compiles this file.)
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

/**
 * The checks of issue 16 that every page a journey shows must pass, at every viewport: no horizontal
 * overflow, every field with a visible boundary (WCAG 1.4.11, 3:1) and a label, no translation key
 * missing, no English string left in the Italian interface. `expectAccessible` (browser.ts) runs them
 * with axe at each step, so a page added later is checked as soon as a journey visits it.
 * Each returns the problems found, in words a reader of a failed test can act on; none means it passed.
 */

/** The page is no wider than the window: nothing to scroll sideways, nothing cut off (e.g. a table on a phone). */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const width = document.documentElement.scrollWidth;
    if (width <= viewport) return [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const classes = [...el.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join("");
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ""}`;
    };
    // The culprits: the outermost elements that stick out past the window while their parent does not,
    // and that no scrolling or clipping ancestor contains.
    const culprits: string[] = [];
    const clippedOnes: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= viewport + 0.5) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > viewport + 0.5) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") clipped = true;
      }
      const culprit = `${describe(el)} (right edge at ${Math.round(rect.right)} px)`;
      if (!clipped) culprits.push(culprit);
      else if (clippedOnes.length < 3) clippedOnes.push(`${culprit}, inside a scrolling box`);
      if (culprits.length >= 5) break;
    }
    return [
      `the page is ${width} px wide in a ${viewport} px window: ${[...culprits, ...clippedOnes].join("; ") || "no single culprit"}`,
    ];
  });
}

/**
 * Every visible text input, select and textarea is drawn with a boundary the eye can find (a border,
 * its own fill or a box-shadow with 3:1 contrast against what surrounds it) and has a label.
 */
export function fieldProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const NOT_TEXT = new Set([
      "hidden",
      "checkbox",
      "radio",
      "file",
      "range",
      "color",
      "submit",
      "button",
      "reset",
      "image",
    ]);
    const parse = (value: string): RGBA | null => {
      const m = value.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/);
      if (!m) return value === "transparent" ? [0, 0, 0, 0] : null;
      const alpha = m[4] === undefined ? 1 : m[4].endsWith("%") ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
      return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const luminance = (c: RGBA) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: RGBA, b: RGBA) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (l1 + 0.05) / (l2 + 0.05);
    };
    /** The colour behind an element: its ancestors' backgrounds laid over each other, white at the bottom. */
    const backdrop = (el: Element): RGBA => {
      const layers: RGBA[] = [];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const c = parse(getComputedStyle(a).backgroundColor) ?? [0, 0, 0, 0];
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      return layers.reduceRight<RGBA>((acc, layer) => over(layer, acc), [255, 255, 255, 1]);
    };
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const name = el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : "";
      const type = el.getAttribute("type") ? `[type=${el.getAttribute("type")}]` : "";
      return `${el.tagName.toLowerCase()}${id}${name}${type}`;
    };
    const labelOf = (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) => {
      const fromLabels = [...(el.labels ?? [])].map((l) => l.textContent?.trim() ?? "").join(" ");
      const labelledBy = (el.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent?.trim() ?? "") : ""))
        .join(" ");
      return `${fromLabels} ${labelledBy} ${el.getAttribute("aria-label") ?? ""} ${el.getAttribute("title") ?? ""}`.trim();
    };

    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "input, select, textarea",
    )) {
      if (el instanceof HTMLInputElement && NOT_TEXT.has(el.type)) continue;
      if (el.disabled) continue; // an inactive control is exempt from 1.4.11
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden" || style.opacity === "0") continue;
      if (el.closest("[aria-hidden='true'], [inert]")) continue;

      if (!labelOf(el)) problems.push(`${describe(el)} has no label`);

      const behind = backdrop(el);
      const fill = over(parse(style.backgroundColor) ?? [0, 0, 0, 0], behind);
      const ratios: number[] = [contrast(fill, behind)];
      for (const side of ["Top", "Right", "Bottom", "Left"] as const) {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const lineStyle = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
        const color = parse(style.getPropertyValue(`border-${side.toLowerCase()}-color`));
        if (width >= 1 && lineStyle !== "none" && lineStyle !== "hidden" && color && color[3] > 0) {
          ratios.push(contrast(over(color, behind), behind));
        }
      }
      if (style.boxShadow && style.boxShadow !== "none") {
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const color = parse(shadow.match(/rgba?\([^)]*\)/)?.[0] ?? "");
          const lengths = (shadow.replace(/rgba?\([^)]*\)/, "").match(/-?[\d.]+px/g) ?? []).map(Number.parseFloat);
          // A shadow with neither blur nor spread draws nothing past its offset's edge.
          if (color && color[3] > 0 && lengths.slice(2).some((v) => v > 0)) {
            ratios.push(contrast(over(color, behind), behind));
          }
        }
      }
      const best = Math.max(...ratios);
      if (best < 3) {
        problems.push(
          `${describe(el)} "${labelOf(el).slice(0, 40)}" has no visible boundary (best contrast ${best.toFixed(2)}:1, border ${style.borderWidth} ${style.borderColor}, background ${style.backgroundColor})`,
        );
      }
    }
    return problems;
  });
}

/**
 * Keys the app asked i18next for and found in no catalogue loaded at that moment (apps/web/src/lib/i18n.ts
 * records them). A key the Italian catalogue lacks is a problem; one it has was asked for before its
 * part of the catalogue arrived (parts load with each area), a problem only if the page still shows it.
 */
export async function missingKeyProblems(page: Page): Promise<string[]> {
  const { entries, text } = await page.evaluate(() => {
    const w = window as unknown as { __CURA_MISSING_KEYS__?: string[] };
    const found = [...(w.__CURA_MISSING_KEYS__ ?? [])];
    if (w.__CURA_MISSING_KEYS__) w.__CURA_MISSING_KEYS__.length = 0; // each is reported once
    return { entries: found, text: `${document.title}\n${document.body.innerText}` };
  });
  const known = italianKeys();
  return entries.flatMap((entry) => {
    const key = entry.slice(entry.indexOf(":") + 1);
    if (!known.has(key)) return [`translation key missing from it.json: ${entry}`];
    return text.includes(key) ? [`translation key shown instead of its text: ${entry}`] : [];
  });
}

/** The keys of the Italian catalogue, plural forms also under their base key ("x_one" → "x"). */
let italianKeySet: Set<string> | undefined;
function italianKeys(): Set<string> {
  if (italianKeySet) return italianKeySet;
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else {
      keys.add(prefix);
      keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    }
  };
  walk(JSON.parse(readFileSync(new URL("../apps/web/src/locales/it.json", import.meta.url), "utf8")), "");
  italianKeySet = keys;
  return keys;
}

/** Every string of a catalogue, flattened. */
function strings(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(strings);
  return [];
}
const catalogue = (language: string) =>
  strings(JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url), "utf8")));

/**
 * The phrases of the English catalogue worth looking for: the literal pieces between placeholders
 * and tags, of two words and ten letters at least (single words like "Email" or "Password", names
 * and numbers are the same in both languages), that the Italian catalogue does not contain too.
 */
let englishPhrases: string[] | undefined;
function phrases(): string[] {
  if (englishPhrases) return englishPhrases;
  const italian = catalogue("it").join("\n");
  englishPhrases = [
    ...new Set(
      catalogue("en")
        .flatMap((value) => value.split(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|[\n:;()«»"“”]/))
        .map((piece) => piece.trim().replace(/^[.,!?…\s-]+|[.,!?…\s-]+$/g, ""))
        .filter((piece) => piece.split(/\s+/).length >= 2 && (piece.match(/\p{L}/gu) ?? []).length >= 10)
        .filter((piece) => !italian.includes(piece)),
    ),
  ];
  return englishPhrases;
}

/** Whole texts or labels that UI libraries write in English when not told otherwise. */
const LIBRARY_ENGLISH = [
  /^Step \d+/,
  /^(Close|Next|Previous|Prev|Loading(\.\.\.|…)?|Submit|Cancel|Search|Back|Today|Toggle navigation|Skip to content|Show password|Hide password)$/,
];

/** Text of the English catalogue on a page that speaks Italian: a string written in code, or the wrong catalogue. */
export async function englishProblems(page: Page): Promise<string[]> {
  const { lang, text, pieces } = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")].flatMap((el) =>
      ["aria-label", "placeholder", "title", "alt"].map((a) => el.getAttribute(a) ?? ""),
    );
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent?.trim();
      if (value && node.parentElement?.closest("script, style, [hidden]") == null) texts.push(value);
    }
    return {
      lang: document.documentElement.lang,
      text: `${document.body.innerText}\n${attributes.join("\n")}`,
      pieces: [...attributes.map((a) => a.trim()), ...texts],
    };
  });
  if (lang !== "it") return [];
  // The libraries' own words (design-react-kit, reactstrap), which no catalogue of ours holds.
  const libraryWords = pieces.filter((piece) => LIBRARY_ENGLISH.some((word) => word.test(piece)));
  const found = phrases().filter((phrase) => {
    const at = text.indexOf(phrase);
    if (at < 0) return false;
    const before = text[at - 1] ?? " ";
    const after = text[at + phrase.length] ?? " ";
    return !/\p{L}/u.test(before) && !/\p{L}/u.test(after);
  });
  return [...new Set([...libraryWords, ...found])].map(
    (phrase) => `English text in the Italian interface: "${phrase}"`,
  );
}

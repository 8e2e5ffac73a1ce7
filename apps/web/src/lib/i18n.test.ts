import { afterEach, describe, expect, it, vi } from "vitest";

/** Each case loads the module afresh, as a page load does, after choosing what local storage holds. */
async function loadI18n(stored?: string) {
  vi.resetModules();
  if (stored) window.localStorage.setItem("lang", stored);
  return import("./i18n.ts");
}

afterEach(() => window.localStorage.clear());

describe("one locale loaded", () => {
  it("starts in Italian without downloading the English catalogue, and loads it on switch", async () => {
    const { default: i18n, changeLanguage, i18nReady } = await loadI18n();
    await i18nReady;
    expect(i18n.language).toBe("it");
    expect(i18n.t("header.language")).toBe("Lingua");
    expect(i18n.hasResourceBundle("en", "translation")).toBe(false);

    await changeLanguage("en");
    expect(i18n.hasResourceBundle("en", "translation")).toBe(true);
    expect(i18n.t("header.language")).toBe("Language");
    expect(document.documentElement.lang).toBe("en");
  });

  it("is ready in English before the first render when English was chosen last time", async () => {
    const { default: i18n, i18nReady } = await loadI18n("en");
    await i18nReady;
    expect(i18n.language).toBe("en");
    expect(i18n.t("header.language")).toBe("Language");
    expect(document.documentElement.lang).toBe("en");
  });
});

describe("missing keys", () => {
  it("records a key found in no catalogue where the browser journeys read it", async () => {
    const { default: i18n, i18nReady } = await loadI18n();
    await i18nReady;
    const w = window as unknown as { __CURA_MISSING_KEYS__?: string[] };
    w.__CURA_MISSING_KEYS__ = [];
    expect(i18n.t("header.language")).toBe("Lingua");
    expect(w.__CURA_MISSING_KEYS__).toEqual([]);
    // A key computed at run time (a status, a code from the server) that the catalogue lacks.
    expect(i18n.t("status.nonEsiste" as "header.language")).toBe("status.nonEsiste");
    expect(w.__CURA_MISSING_KEYS__).toEqual(["it:status.nonEsiste"]);
  });
});

describe("catalogue parts", () => {
  it("loads a layout with its part, and a switch brings every part in use in the new language", async () => {
    const { default: i18n, changeLanguage, i18nReady, withCataloguePart } = await loadI18n();
    await i18nReady;
    const added = vi.spyOn(i18n, "addResourceBundle");
    const layout = { default: "the layout's module" };
    await expect(withCataloguePart("cittadino", Promise.resolve(layout))).resolves.toBe(layout);
    // Italian: the cittadino part joins the bundled core.
    expect(added.mock.calls.map(([language]) => language)).toEqual(["it"]);

    added.mockClear();
    await changeLanguage("en");
    // English: the core and the part the page in view needed, before the language changes.
    expect(added.mock.calls.map(([language]) => language)).toEqual(["en", "en"]);
    expect(i18n.language).toBe("en");

    added.mockClear();
    await withCataloguePart("cittadino", Promise.resolve(layout));
    expect(added).not.toHaveBeenCalled(); // each part is fetched once per language
  });
});

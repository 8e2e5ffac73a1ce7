import type { Executor } from "../db/client.ts";

/**
 * The system settings an administrator changes (admin/settings) as other modules read them: the
 * flags a module honours (national sign-in, operator registration, popups). The admin module owns
 * the table and sets the reader when its routes are registered; a module asks here, so it never
 * imports the back office (which imports it). Read on each use: a change applies at once, on
 * every instance, with nothing to invalidate.
 */
export type SettingReader = (db: Executor, key: string) => Promise<boolean | number | string | null>;

let reader: SettingReader | null = null;

export function setSettingReader(next: SettingReader): void {
  reader = next;
}

/** A boolean setting's value; `fallback` (the built-in default) when unset or not a boolean. */
export async function settingFlag(db: Executor, key: string, fallback: boolean): Promise<boolean> {
  const value = reader ? await reader(db, key) : null;
  return typeof value === "boolean" ? value : fallback;
}

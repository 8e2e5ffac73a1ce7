import { BUILTIN_SETTINGS, type BuiltinSettingKey, type SettingValue } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * GET utilities/settings: the public settings an administrator changes (no sign-in), key → value.
 * Read once per page load (the back office's changes invalidate it): the pages that poll, like the
 * popups, ask their flag here and never on each poll.
 */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin-settings", "public"] as const,
    queryFn: ({ signal }) => api.get<Record<string, SettingValue>>("utilities/settings", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

const builtinFlag = (key: BuiltinSettingKey) => BUILTIN_SETTINGS[key].value as boolean;

/**
 * A built-in boolean flag as the back office set it; its default until the settings arrive (or if
 * they cannot be read). The server enforces each flag on its own: the page only avoids offering what
 * it would refuse.
 */
export function usePublicFlag(key: BuiltinSettingKey): boolean {
  const settings = useQuery(publicSettingsQueryOptions());
  const value = settings.data?.[key];
  return typeof value === "boolean" ? value : builtinFlag(key);
}

/**
 * The same flag, `undefined` until the settings have answered (then the default if they failed): for
 * what must not start before it is known, like a poll the back office may have turned off.
 */
export function usePublicFlagOnceRead(key: BuiltinSettingKey): boolean | undefined {
  const settings = useQuery(publicSettingsQueryOptions());
  if (settings.isPending) return undefined;
  const value = settings.data?.[key];
  return typeof value === "boolean" ? value : builtinFlag(key);
}

/**
 * A built-in text (the brand's name, tagline, footer) as the back office wrote it, or `fallback` (the
 * build's own text, translated) while it keeps its built-in value or is empty: the two brand scopes
 * of the build (app/brand.ts) keep their names until an administrator writes another.
 */
export function usePublicText(key: BuiltinSettingKey, fallback: string): string {
  const settings = useQuery(publicSettingsQueryOptions());
  const value = settings.data?.[key];
  if (typeof value !== "string") return fallback;
  const text = value.trim();
  return text === "" || text === BUILTIN_SETTINGS[key].value ? fallback : text;
}

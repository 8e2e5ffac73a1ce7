import { BUILTIN_SETTINGS, type BuiltinSettingKey, type SettingValue } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/** GET utilities/settings: the public settings an administrator changes (no sign-in), key → value. */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin-settings", "public"] as const,
    queryFn: ({ signal }) => api.get<Record<string, SettingValue>>("utilities/settings", { signal }),
    staleTime: 60_000,
  });

/**
 * A built-in boolean flag as the back office set it; its default until the settings arrive (or if
 * they cannot be read). The server enforces each flag on its own: the page only avoids offering what
 * it would refuse.
 */
export function usePublicFlag(key: BuiltinSettingKey): boolean {
  const settings = useQuery(publicSettingsQueryOptions());
  const value = settings.data?.[key];
  return typeof value === "boolean" ? value : (BUILTIN_SETTINGS[key].value as boolean);
}

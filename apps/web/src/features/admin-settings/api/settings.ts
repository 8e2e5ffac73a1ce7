import type { TCreateSettingBody, TRole, TSetting, TUpdateSettingBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET admin/settings: every setting with its type, value and visibility. */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin-settings", "list"] as const,
    queryFn: ({ signal }) => api.get<TSetting[]>("admin/settings", { signal }),
  });
export const useAdminSettings = () => useQuery(adminSettingsQueryOptions());

// GET utilities/settings (the public map) is read outside the back office too: lib/settings.ts.
export { publicSettingsQueryOptions } from "../../../lib/settings.ts";

/** A change refreshes the administrator's list and the public map (a page reading a flag sees it). */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["admin-settings"] });
}

/** POST admin/settings. */
export function useCreateSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TCreateSettingBody) => api.post<TSetting>("admin/settings", body),
    onSuccess: invalidate,
  });
}

/** PUT admin/settings/{key}. */
export function useUpdateSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: TUpdateSettingBody }) =>
      api.put<TSetting>(`admin/settings/${encodeURIComponent(key)}`, body),
    onSuccess: invalidate,
  });
}

/** DELETE admin/settings/{key}. */
export function useRemoveSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (key: string) => api.delete(`admin/settings/${encodeURIComponent(key)}`),
    onSuccess: invalidate,
  });
}

/** GET utilities/roles, with the administrators and the monitoring room on request. */
export const rolesQueryOptions = (includeAdmins = false, includeCroom = false) =>
  queryOptions({
    queryKey: ["admin-settings", "roles", includeAdmins, includeCroom] as const,
    queryFn: ({ signal }) =>
      api.get<TRole[]>("utilities/roles", {
        signal,
        query: { "include-admins": includeAdmins || undefined, "include-croom": includeCroom || undefined },
      }),
  });

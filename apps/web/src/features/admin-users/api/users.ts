import type {
  TAdminUser,
  TAdminUsersQuery,
  TAnagraficaFields,
  TPublicContact,
  TPublicContactsQuery,
  TRegistrationCounts,
  TSuspensionBody,
  TUser,
} from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";

/** The back office's calls on accounts (issue 14): one query key root, so every change refreshes the lists. */
export const adminUsersKeys = {
  all: ["admin-users"] as const,
  list: (query: Partial<TAdminUsersQuery>) => ["admin-users", "list", query] as const,
  today: (page: number) => ["admin-users", "today", page] as const,
  dashboard: ["admin-users", "dashboard"] as const,
  contacts: (query: Partial<TPublicContactsQuery>) => ["admin-users", "contacts", query] as const,
  user: (hashid: string) => ["admin-users", "user", hashid] as const,
};

type Query = Record<string, string | number | undefined>;
const clean = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ""));

export type UsersFilters = Partial<Omit<TAdminUsersQuery, "page" | "per_page">>;

export function usersQuery(filters: UsersFilters, page: number, perPage = 20) {
  const query = { ...filters, page, per_page: perPage };
  return queryOptions({
    queryKey: adminUsersKeys.list(query),
    // `total_capped`: more than `total` match (the server counts up to a cap, docs/performance.md).
    queryFn: () =>
      api.get<Paged<TAdminUser> & { meta: { total_capped: boolean } }>("users/registrati", {
        query: clean(query),
        envelope: true,
      }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminUsers = (filters: UsersFilters, page: number) => useQuery(usersQuery(filters, page));

export type TodayRegistrations = Paged<TAdminUser> & { counts: TRegistrationCounts };
export const useTodayRegistrations = (page: number) =>
  useQuery({
    queryKey: adminUsersKeys.today(page),
    queryFn: () =>
      api.get<TodayRegistrations>("users/registrati/oggi", { query: { page, per_page: 20 }, envelope: true }),
    placeholderData: keepPreviousData,
  });

export type ContactsFilters = Partial<Omit<TPublicContactsQuery, "page" | "per_page">>;
export const usePublicContacts = (filters: ContactsFilters, page: number) =>
  useQuery({
    queryKey: adminUsersKeys.contacts({ ...filters, page }),
    queryFn: () => api.page<TPublicContact>("users/contatti/pubblici", { query: clean({ ...filters, page }) }),
    placeholderData: keepPreviousData,
  });

/** The whole account (anagrafica included): GET users/{id}, full for an administrator. */
export const useUserRecord = (hashid: string | null) =>
  useQuery({
    queryKey: adminUsersKeys.user(hashid ?? ""),
    queryFn: () => api.get<TUser>(`users/${hashid}`),
    enabled: hashid !== null,
  });

function useAdminMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: adminUsersKeys.all }) });
}

export const useSetSuspension = () =>
  useAdminMutation(({ hashid, body }: { hashid: string; body: TSuspensionBody }) =>
    api.patch<TUser>(`users/change/suspension/${hashid}`, body),
  );
export const useDeleteUser = () =>
  useAdminMutation((hashid: string) => api.delete<unknown>(`users/profile/${hashid}`, { envelope: true }));
export const useSendWelcome = () =>
  useAdminMutation((hashid: string) =>
    api.post<{ message: string }>(`users/${hashid}/send-welcome-email`, undefined, { envelope: true }),
  );
export const useAssignCompany = () =>
  useAdminMutation(({ hashid, companyId }: { hashid: string; companyId: string }) =>
    api.post<TAdminUser>(`users/${hashid}/assign-to-company`, { company_id: companyId }),
  );
export const useUpdateAnagrafica = () =>
  useAdminMutation(({ hashid, fields }: { hashid: string; fields: TAnagraficaFields }) =>
    api.put<TAdminUser>(`users/anagrafica/${hashid}`, fields),
  );

/** The companies an operator may be assigned to (the back office's company list, by name). */
export const useCompanyChoices = (q: string) =>
  useQuery({
    queryKey: ["admin-users", "companies", q],
    queryFn: () =>
      api.page<{ hashid: string; name: string; comune: string | null }>("companies", {
        query: clean({ q: q.trim().length >= 2 ? q.trim() : undefined, per_page: 50, status: "active" }),
      }),
    placeholderData: keepPreviousData,
  });

/** Downloads an export with the bearer token, as a file named by the server. */
export async function downloadExport(path: string, query: Query, fallbackName: string): Promise<void> {
  saveBlob(await api.blob(path, { query: clean(query) }), fallbackName);
}

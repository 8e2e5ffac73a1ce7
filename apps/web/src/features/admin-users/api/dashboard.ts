import type { TAdminDashboard } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** `GET utilities/dati/app` (its own file: the home page loads it without the users page's calls). */
export const dashboardQuery = queryOptions({
  queryKey: ["admin-users", "dashboard"] as const,
  queryFn: () => api.get<TAdminDashboard>("utilities/dati/app"),
});
export const useAdminDashboard = () => useQuery(dashboardQuery);

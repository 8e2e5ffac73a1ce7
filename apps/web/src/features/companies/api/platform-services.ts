import type { TCompanyService } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET services/own/check: the company's platform services with status and proxy status. */
export function fetchOwnServices(signal?: AbortSignal): Promise<TCompanyService[]> {
  return api.get<TCompanyService[]>("services/own/check", { signal });
}

export function ownServicesQueryOptions() {
  return queryOptions({ queryKey: companyKeys.platformServices(), queryFn: ({ signal }) => fetchOwnServices(signal) });
}

export function useOwnServices() {
  return useQuery(ownServicesQueryOptions());
}

export type ServiceSwitch = "servicestatus" | "proxystatus";

/** PATCH services/own/servicestatus/{hash} or services/own/proxystatus/{hash}. */
export function setServiceSwitch({
  hash,
  which,
  status,
}: {
  hash: string;
  which: ServiceSwitch;
  status: boolean;
}): Promise<TCompanyService> {
  return api.patch<TCompanyService>(`services/own/${which}/${encodeURIComponent(hash)}`, { status });
}

export function useSetServiceSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setServiceSwitch,
    onSuccess: (service) =>
      queryClient.setQueryData(companyKeys.platformServices(), (list: TCompanyService[] | undefined) =>
        list?.map((s) => (s.hashid === service.hashid ? service : s)),
      ),
  });
}

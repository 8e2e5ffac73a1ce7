import type { TCompanyAnagraficaBody, TCompanyDetail } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** PUT companies/own/anagrafica: the company's profile, the whole record. */
export function updateCompanyAnagrafica(body: TCompanyAnagraficaBody): Promise<TCompanyDetail> {
  return api.put<TCompanyDetail>("companies/own/anagrafica", body);
}

export function useUpdateCompanyAnagrafica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyAnagrafica,
    onSuccess: (company) => queryClient.setQueryData(companyKeys.detail(company.hashid), company),
  });
}

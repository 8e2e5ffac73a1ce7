import type { TCompanyDetail } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

export type CompanyOption = "overlap" | "report";
export interface CompanyOptions {
  overlap: boolean;
  report: boolean;
}

/** PATCH companies/own/option/overlap or …/report: `{ overlap }` or `{ report }`. */
export function setCompanyOption({
  option,
  value,
}: {
  option: CompanyOption;
  value: boolean;
}): Promise<CompanyOptions> {
  return api.patch<CompanyOptions>(`companies/own/option/${option}`, { [option]: value });
}

export function useSetCompanyOption(company: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyOption,
    onSuccess: (options) => {
      queryClient.setQueryData(companyKeys.detail(company), (detail: TCompanyDetail | undefined) =>
        detail ? { ...detail, options } : detail,
      );
      // Overlap decides whether two bookings may share a slot.
      void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
    },
  });
}

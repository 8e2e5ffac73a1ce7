import type { TOperator, TOperatorRoleBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET companies/operators/list: the company's operators (first 100). */
export function fetchOperators(signal?: AbortSignal): Promise<TOperator[]> {
  return api.get<TOperator[]>("companies/operators/list", { signal, query: { per_page: 100 } });
}

export function operatorsQueryOptions() {
  return queryOptions({ queryKey: companyKeys.operators(), queryFn: ({ signal }) => fetchOperators(signal) });
}

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}

function useStoreOperator() {
  const queryClient = useQueryClient();
  return (operator: TOperator) =>
    queryClient.setQueryData(companyKeys.operators(), (list: TOperator[] | undefined) =>
      list?.map((o) => (o.hashid === operator.hashid ? operator : o)),
    );
}

/** POST users/change/status/{hash}: enable (true) or suspend (false). */
export function changeOperatorStatus({ hash, status }: { hash: string; status: boolean }): Promise<TOperator> {
  return api.post<TOperator>(`users/change/status/${encodeURIComponent(hash)}`, { status });
}

export function useChangeOperatorStatus() {
  return useMutation({ mutationFn: changeOperatorStatus, onSuccess: useStoreOperator() });
}

/**
 * POST companies/operators/{hash}/enable or …/refuse: the answer to someone who registered with the
 * company code. The list is read again: a refused one leaves it.
 */
export function decideOperatorRequest({
  hash,
  decision,
}: {
  hash: string;
  decision: "enable" | "refuse";
}): Promise<TOperator> {
  return api.post<TOperator>(`companies/operators/${encodeURIComponent(hash)}/${decision}`);
}

export function useDecideOperatorRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOperatorRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.operators() }),
  });
}

/** POST companies/operators/role/update: role and permission strings. */
export function updateOperatorRole(body: TOperatorRoleBody): Promise<TOperator> {
  return api.post<TOperator>("companies/operators/role/update", body);
}

export function useUpdateOperatorRole() {
  return useMutation({ mutationFn: updateOperatorRole, onSuccess: useStoreOperator() });
}

/** POST companies/code/send/{company}: e-mails the 10-character company code. */
export function sendCompanyCode({ company, email }: { company: string; email: string }): Promise<void> {
  return api.post<void>(`companies/code/send/${encodeURIComponent(company)}`, { email });
}

export function useSendCompanyCode() {
  return useMutation({ mutationFn: sendCompanyCode });
}

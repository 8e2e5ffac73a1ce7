import type { TIntake, TTherapy, TTherapyBody } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { healthTherapyKeys } from "./keys.ts";

/** GET therapies: current ones (state "") or the history ("terminata"), paged. */
export function therapiesQueryOptions(patient: string | null, state: string, page: number) {
  return queryOptions({
    queryKey: healthTherapyKeys.therapyList(patient, state, page),
    queryFn: ({ signal }) =>
      api.page<TTherapy>("therapies", {
        signal,
        query: { patient: patient ?? undefined, state: state || undefined, page, per_page: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}
export const useTherapies = (patient: string | null, state: string, page: number) =>
  useQuery(therapiesQueryOptions(patient, state, page));

/** GET therapies/{hashid}. */
export const useTherapy = (hashid: string | undefined) =>
  useQuery({
    queryKey: [...healthTherapyKeys.all, "therapy", hashid ?? ""],
    queryFn: ({ signal }) => api.get<TTherapy>(`therapies/${encodeURIComponent(hashid ?? "")}`, { signal }),
    enabled: Boolean(hashid),
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: healthTherapyKeys.all });
}

/** POST therapies, or PUT therapies/{hashid}. */
export function useSaveTherapy(hashid?: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TTherapyBody) =>
      hashid
        ? api.put<TTherapy>(`therapies/${encodeURIComponent(hashid)}`, body)
        : api.post<TTherapy>("therapies", body),
    onSuccess: invalidate,
  });
}

/** PATCH therapies/{hashid}/state (suspend, resume), DELETE therapies/{hashid}, PUT …/adherence. */
export function useTherapyActions() {
  const invalidate = useInvalidate();
  const setState = useMutation({
    mutationFn: ({ hashid, state }: { hashid: string; state: "attiva" | "sospesa" }) =>
      api.patch<TTherapy>(`therapies/${encodeURIComponent(hashid)}/state`, { state }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (hashid: string) => api.delete<unknown>(`therapies/${encodeURIComponent(hashid)}`),
    onSuccess: invalidate,
  });
  const override = useMutation({
    mutationFn: ({ hashid, adherence }: { hashid: string; adherence: TTherapy["adherence"] | null }) =>
      api.put<TTherapy>(`therapies/${encodeURIComponent(hashid)}/adherence`, { adherence }),
    onSuccess: invalidate,
  });
  return { setState, remove, override };
}

/** GET therapies/{hashid}/intakes: the last 7 days' scheduled intakes and their marks. */
export const useIntakes = (hashid: string) =>
  useQuery({
    queryKey: healthTherapyKeys.intakes(hashid),
    queryFn: ({ signal }) => api.get<TIntake[]>(`therapies/${encodeURIComponent(hashid)}/intakes`, { signal }),
  });

/** POST therapies/{hashid}/intakes: marks one intake 'Assunta' (or not). */
export function useMarkIntake(hashid: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { scheduled_at: string; taken: boolean }) =>
      api.post<TIntake>(`therapies/${encodeURIComponent(hashid)}/intakes`, body),
    onSuccess: invalidate,
  });
}

function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** GET therapies/download/{id}: the therapy sheet, fetched with the bearer token and saved. */
export async function downloadTherapySheet(hashid: string): Promise<void> {
  save(await api.blob(`therapies/download/${encodeURIComponent(hashid)}`), `terapia-${hashid}.pdf`);
}

/** GET therapies/download/pdf-weekly-recap?user=: this week's recap by intake moment. */
export async function downloadWeeklyRecap(patient: string | null): Promise<void> {
  save(
    await api.blob("therapies/download/pdf-weekly-recap", { query: { user: patient ?? undefined } }),
    "terapie-settimana.pdf",
  );
}

import type { TScale, TScoreDetail, TScoreResult } from "@cura/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys } from "./keys.ts";

/** GET scores: the scales. */
export function useScales() {
  return useQuery({
    queryKey: measurementKeys.scales(),
    queryFn: ({ signal }) => api.get<TScale[]>("scores", { signal }),
    staleTime: Infinity,
  });
}

/** GET scores/user/{person}: the last score of each scale. */
export function useLastScores(patient: string) {
  return useQuery({
    queryKey: measurementKeys.scores(patient),
    queryFn: ({ signal }) => api.get<TScoreResult[]>(`scores/user/${patient}`, { signal }),
  });
}

/** GET scores/user/{person}/score/{scale}: one scale's history. */
export function useScoreHistory(patient: string, scale: string | null) {
  return useQuery({
    queryKey: measurementKeys.scoreHistory(patient, scale ?? ""),
    queryFn: ({ signal }) =>
      api.get<{ scale: TScale; points: TScoreResult[] }>(`scores/user/${patient}/score/${scale}`, { signal }),
    enabled: scale !== null,
  });
}

/** GET scores/details/{score}: one score with its answers (fetched when opened). */
export function useScoreDetails(score: string | null) {
  return useQuery({
    queryKey: measurementKeys.scoreDetails(score ?? ""),
    queryFn: ({ signal }) => api.get<TScoreDetail>(`scores/details/${score}`, { signal }),
    enabled: score !== null,
  });
}

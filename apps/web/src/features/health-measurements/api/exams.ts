import type { TExam } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys } from "./keys.ts";

/** GET exams: the parameters catalogue (reference data: kept for the session). */
export function fetchExams(signal?: AbortSignal): Promise<TExam[]> {
  return api.get<TExam[]>("exams", { signal });
}

export function useExams() {
  return useQuery(
    queryOptions({
      queryKey: measurementKeys.exams(),
      queryFn: ({ signal }) => fetchExams(signal),
      staleTime: Infinity,
    }),
  );
}

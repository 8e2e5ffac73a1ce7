import type { TManual, TVideo } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The administrators' uploads (multipart) and removals; every list of manuals and downloads refreshes. */
export function useAddDownload(kind: "manuals" | "videos") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<TManual | TVideo>(`admin/${kind}`, form),
    onSuccess: () => client.invalidateQueries({ queryKey: ["support"] }),
  });
}

export function useRemoveDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: "manuals" | "videos"; id: string }) => api.delete(`admin/${kind}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["support"] }),
  });
}

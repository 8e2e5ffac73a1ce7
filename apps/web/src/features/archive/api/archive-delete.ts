import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { archiveKey } from "./archive.ts";

/** DELETE companyarchives/{id}. */
export function deleteArchive(id: string): Promise<void> {
  return api.delete<void>(`companyarchives/${encodeURIComponent(id)}`);
}

export function useDeleteArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArchive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKey }),
  });
}

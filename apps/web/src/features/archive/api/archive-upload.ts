import type { TArchiveItem } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { archiveKey } from "./archive.ts";

/** POST companyarchives (multipart: file, title, description): stored encrypted. */
export function uploadArchive({
  file,
  title,
  description,
}: {
  file: File;
  title: string;
  description: string | null;
}): Promise<TArchiveItem> {
  const form = new FormData();
  form.append("title", title);
  if (description) form.append("description", description);
  form.append("file", file, file.name);
  return api.post<TArchiveItem>("companyarchives", form);
}

export function useUploadArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArchive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKey }),
  });
}

import type { TUploadResult } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST resources/public (multipart): one file to a destination (`profilo` for the profile picture). */
export function uploadPublic({ file, destination }: { file: File; destination: string }): Promise<TUploadResult> {
  const form = new FormData();
  form.append("destination", destination);
  form.append("file", file, file.name);
  return api.post<TUploadResult>("resources/public", form);
}

export function useUploadPublic() {
  return useMutation({ mutationFn: uploadPublic });
}

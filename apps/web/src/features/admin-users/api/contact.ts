import type { TPublicContactBody } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The public contact form's `POST utilities/contatti` (its own file: the public page loads nothing else). */
export const useSendContact = () =>
  useMutation({
    mutationFn: (body: TPublicContactBody) =>
      api.post<{ message: string }>("utilities/contatti", body, { envelope: true }),
  });

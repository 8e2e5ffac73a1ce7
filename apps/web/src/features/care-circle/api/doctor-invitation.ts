import type { TDoctorInvitationBody } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface DoctorInvitation {
  hashid: string;
  name: string;
  surname: string;
  city: string;
  email: string | null;
  emailed: boolean;
}

/** POST users/contatti/privati/medico/invito: invites one's doctor (first name, last name, city, e-mail). */
export function inviteDoctor(body: TDoctorInvitationBody): Promise<DoctorInvitation> {
  return api.post<DoctorInvitation>("users/contatti/privati/medico/invito", body);
}

export function useInviteDoctor() {
  return useMutation({ mutationFn: inviteDoctor });
}

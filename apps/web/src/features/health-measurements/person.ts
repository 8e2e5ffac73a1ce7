import { useSession } from "../../lib/session.ts";

/** The person whose file is shown: the patient on the operator's card, else the signed-in citizen. */
export function usePerson(patientHash: string | null): string {
  const session = useSession();
  return patientHash ?? session.user?.hashid ?? "";
}

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { dateStyle: "short", timeStyle: "short" });

export const formatValue = (value: number, decimals: number) =>
  value.toLocaleString("it-IT", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

import { useSession } from "../../lib/session.ts";
import { formatShortDayTime } from "../health-file/format.ts";

/** The person whose file is shown: the patient on the operator's card, else the signed-in citizen. */
export function usePerson(patientHash: string | null): string {
  const session = useSession();
  return patientHash ?? session.user?.hashid ?? "";
}

/** When a reading or score was taken, in Italian time (the health file's formatter). */
export const formatWhen = formatShortDayTime;

export const formatValue = (value: number, decimals: number) =>
  value.toLocaleString("it-IT", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

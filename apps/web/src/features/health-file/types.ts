/** Who looks at a health file: the citizen at their own (or an assisted person's) file, or an operator. */
export type HealthArea = "cittadino" | "operatore";

/** What every section of the health file receives from the shell. */
export interface HealthTabProps {
  area: HealthArea;
  /** The person's hashid; null on the citizen's own file. */
  patientHash: string | null;
  /** The optional `{action?}` path segment of `profilosanitario/{section}/{action?}` (e.g. "nuovo"). */
  action?: string | undefined;
}

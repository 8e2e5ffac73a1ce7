import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";

/**
 * Whether a questionnaire may be attached to a health service by this operator: the surveys module
 * answers for its own records (it exists, and the operator's company may use it). Until it
 * registers its lookup no questionnaire exists, so attaching one is refused and detaching works.
 */
export type SurveyLookup = (db: Executor, principal: Principal, surveyId: number) => Promise<boolean>;

let lookup: SurveyLookup = async () => false;

/** The surveys module registers its lookup once, when it is registered. */
export function setSurveyLookup(next: SurveyLookup): void {
  lookup = next;
}

export function surveyLookup(): SurveyLookup {
  return lookup;
}

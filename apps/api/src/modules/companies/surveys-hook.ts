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

/**
 * What attaching (or detaching, `surveyId` null) also records, in the attachment's transaction: the
 * surveys module keeps which survey a service asks for and whether it is mandatory (issue 13).
 */
export type SurveyAttachedHook = (
  tx: Executor,
  attachment: { healthServiceId: number; companyId: number; surveyId: number | null; mandatory: boolean },
) => Promise<void>;

let attachedHook: SurveyAttachedHook = async () => {};

/** The surveys module registers it once, when it is registered. */
export function setSurveyAttachedHook(next: SurveyAttachedHook): void {
  attachedHook = next;
}

export function surveyAttachedHook(): SurveyAttachedHook {
  return attachedHook;
}

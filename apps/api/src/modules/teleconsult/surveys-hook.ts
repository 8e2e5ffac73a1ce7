import type { Executor } from "../../db/client.ts";

/**
 * The mandatory survey of custom teleconsults (issue 13), without this module reading the surveys
 * module's tables: a new quick or paediatric request tells the surveys module, which suspends the
 * survey the company's service requires, and the pending call asks it for the survey still to fill.
 * Until the surveys module registers its provider no request asks for a survey.
 */
export interface TeleconsultSurveyProvider {
  /** In the request's transaction: suspends the mandatory survey of the company's service of that ref, if any. */
  requested(
    tx: Executor,
    request: { bookingId: number; companyId: number; userId: number; positionRef: number },
  ): Promise<void>;
  /** The key of the request's suspended survey not filled yet, or null. */
  pendingSurvey(db: Executor, bookingId: number): Promise<number | null>;
}

let provider: TeleconsultSurveyProvider = {
  requested: async () => {},
  pendingSurvey: async () => null,
};

/** The surveys module registers its provider once, when it is registered. */
export function setTeleconsultSurveyProvider(next: TeleconsultSurveyProvider): void {
  provider = next;
}

export function teleconsultSurveyProvider(): TeleconsultSurveyProvider {
  return provider;
}

import type { CuraModule } from "../../platform/module.ts";
import { setSurveyAttachedHook, setSurveyLookup } from "../companies/index.ts";
import { addFileReadRule, addFileReferenceRule } from "../files/index.ts";
import { setTeleconsultSurveyProvider } from "../teleconsult/index.ts";
import { mayReadFill } from "./access.ts";
import { mayAttach, onTeleconsultRequested, pendingSurvey } from "./links.ts";
import * as repository from "./repository.ts";
import { surveysRoutes } from "./routes.ts";

/**
 * A file attached to a fill's answer is read by whoever may read the fill (the person, the company's
 * managers, the operator who wrote it, administrators), and is not deleted while a fill uses it.
 */
addFileReadRule(async (ctx, principal, fileId) => {
  const rows = await repository.fillsWithFile(ctx.db, fileId);
  return rows.some((fill) => mayReadFill(principal, fill));
});
addFileReferenceRule((db, fileId) => repository.fileInUse(db, fileId));

/**
 * A health service attaches a survey enabled for its company; the surveys module keeps which one and
 * whether it is mandatory. A quick or paediatric teleconsult request to a company whose service of
 * that kind has a mandatory survey waits for it (suspended), and the pending call shows it.
 */
setSurveyLookup(mayAttach);
setSurveyAttachedHook(async (tx, attachment) => {
  // Only a survey that exists is recorded (the lookup vouched for it; a test's stand-in may not).
  const exists = attachment.surveyId !== null && (await repository.findSurvey(tx, attachment.surveyId)) !== null;
  await repository.setServiceSurvey(tx, { ...attachment, surveyId: exists ? attachment.surveyId : null });
});
setTeleconsultSurveyProvider({ requested: onTeleconsultRequested, pendingSurvey });

/** Screening activities, surveys and their fills (issue 13). Nothing is exported to other modules yet. */
export const surveysModule: CuraModule = { name: "surveys", routes: surveysRoutes };

// The sessions module (issue 13): a session's surveys are read and listed with the surveys' own
// rules, its compilations' fills stored, read and deleted as ordinary fills.
export { isAdmin, isAdministering, isManager, readableSurvey, surveyOperatorCompany } from "./access.ts";
export { presentSurveySummary } from "./activities.ts";
export { deleteFillsWithin, presentFill, store as storeFill } from "./fills.ts";
export { fillScore, fillScoreBand, surveyName } from "./read-models.ts";
export { findFill, findSurvey, listSurveys, type SurveyRow, setFillSession } from "./repository.ts";
// The sessions module answers for its compilations: their pseudonyms, a citizen's fill joining one.
export { type CompilationStep, type SessionFillHooks, setSessionFillHooks } from "./sessions-hook.ts";

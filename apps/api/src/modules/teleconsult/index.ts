import { USER_TYPES } from "@cura/domain";
import type { CuraModule } from "../../platform/module.ts";
import { addFileReadRule, addFileReferenceRule } from "../files/index.ts";
import * as repository from "./repository.ts";
import { teleconsultRoutes } from "./routes.ts";

// A request's attachments are read by the operator who took it in charge (the citizen uploaded them).
addFileReadRule((ctx, principal, fileId) =>
  principal.type === USER_TYPES.operator
    ? repository.attachmentReadableByOperator(ctx.db, fileId, principal.userId)
    : Promise.resolve(false),
);
addFileReferenceRule(repository.attachmentInUse);

export const teleconsultModule: CuraModule = { name: "teleconsult", routes: teleconsultRoutes };

// The module's public surface: the room (./room) and the documents module read a teleconsultation's
// call and record its start and end through these.
export {
  endTeleconsult,
  recordConnected,
  setCallEndedListener,
  type TeleconsultCall,
  teleconsultCall,
} from "./call.ts";
// The surveys module suspends a request's mandatory survey and tells the pending call about it (issue 13).
export { setTeleconsultSurveyProvider, type TeleconsultSurveyProvider } from "./surveys-hook.ts";

import type { CuraModule } from "../../platform/module.ts";
import { teleconsultRoutes } from "./routes.ts";

export const teleconsultModule: CuraModule = { name: "teleconsult", routes: teleconsultRoutes };

// The module's public surface: the room (./room) and the documents module read a teleconsultation's
// call and record its start and end through these.
export { endTeleconsult, recordConnected, type TeleconsultCall, teleconsultCall } from "./call.ts";
// The surveys module suspends a request's mandatory survey and tells the pending call about it (issue 13).
export { setTeleconsultSurveyProvider, type TeleconsultSurveyProvider } from "./surveys-hook.ts";

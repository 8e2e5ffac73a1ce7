import type { CuraModule } from "../../platform/module.ts";
import { sessionsRoutes } from "./routes.ts";

/** Survey sessions and their compilations (issue 13). Nothing is exported to other modules. */
export const sessionsModule: CuraModule = { name: "sessions", routes: sessionsRoutes };

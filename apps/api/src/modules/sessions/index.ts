import type { CuraModule } from "../../platform/module.ts";
import { setSessionFillHooks } from "../surveys/index.ts";
import { sessionsRoutes } from "./routes.ts";
import { citizenCompilationStep, compilationPseudonyms, fillInCompilation } from "./service.ts";

/**
 * The surveys module names a pseudonymous fill by its compilation's pseudonym, and lets a citizen's
 * own fill join their in-clear compilation (`filled/new` with `session_id`), and keeps a fill a
 * compilation submitted from being changed or deleted: all answered here.
 */
setSessionFillHooks({ compilationPseudonyms, citizenStep: citizenCompilationStep, fillInCompilation });

/** Survey sessions and their compilations (issue 13). Nothing is exported to other modules. */
export const sessionsModule: CuraModule = { name: "sessions", routes: sessionsRoutes };

import type { CuraModule } from "../../platform/module.ts";
import { supportRoutes } from "./routes.ts";

/** Support requests, manuals and videos, and the citizen chat-bot. Nothing is exported to other modules. */
export const supportModule: CuraModule = { name: "support", routes: supportRoutes };

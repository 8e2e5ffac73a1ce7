import type { CuraModule } from "../../platform/module.ts";
import { identityRoutes } from "./routes.ts";

export const identityModule: CuraModule = { name: "identity", routes: identityRoutes };

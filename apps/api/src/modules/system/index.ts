import type { CuraModule } from "../../platform/module.ts";
import { systemRoutes } from "./routes.ts";

export const systemModule: CuraModule = { name: "system", routes: systemRoutes };

import type { CuraModule } from "../../platform/module.ts";
import { careRoutes } from "./routes.ts";

export const careModule: CuraModule = { name: "care", routes: careRoutes };

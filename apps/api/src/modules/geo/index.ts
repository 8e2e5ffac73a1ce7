import type { CuraModule } from "../../platform/module.ts";
import { geoRoutes } from "./routes.ts";

export const geoModule: CuraModule = { name: "geo", routes: geoRoutes };

import type { CuraModule } from "../../platform/module.ts";
import { geoRoutes } from "./routes.ts";

export const geoModule: CuraModule = { name: "geo", routes: geoRoutes };

// The module's public surface: the Italian reference data other modules validate against.
export { listComuni, listProvinces } from "./service.ts";

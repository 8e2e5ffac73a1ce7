import type { CuraModule } from "../../../platform/module.ts";
import { healthRecordsRoutes } from "./routes.ts";

export const healthRecordsModule: CuraModule = { name: "health-records", routes: healthRecordsRoutes };

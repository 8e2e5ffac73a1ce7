import type { CuraModule } from "../../platform/module.ts";
import { patientsRoutes } from "./routes.ts";

export const patientsModule: CuraModule = { name: "patients", routes: patientsRoutes };

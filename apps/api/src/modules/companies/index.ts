import type { CuraModule } from "../../platform/module.ts";
import { companiesRoutes } from "./routes.ts";

export const companiesModule: CuraModule = { name: "companies", routes: companiesRoutes };

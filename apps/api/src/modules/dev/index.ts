import type { CuraModule } from "../../platform/module.ts";
import { devRoutes } from "./routes.ts";

export const devModule: CuraModule = { name: "dev", routes: devRoutes, devOnly: true };

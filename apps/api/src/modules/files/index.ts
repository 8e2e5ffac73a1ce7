import type { CuraModule } from "../../platform/module.ts";
import { filesRoutes } from "./routes.ts";

export const filesModule: CuraModule = { name: "files", routes: filesRoutes };

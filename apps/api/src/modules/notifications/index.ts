import type { CuraModule } from "../../platform/module.ts";
import { notificationsRoutes } from "./routes.ts";

export const notificationsModule: CuraModule = { name: "notifications", routes: notificationsRoutes };

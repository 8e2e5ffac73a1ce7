import type { CuraModule } from "../../platform/module.ts";
import { bookingsRoutes } from "./routes.ts";

export const bookingsModule: CuraModule = { name: "bookings", routes: bookingsRoutes };

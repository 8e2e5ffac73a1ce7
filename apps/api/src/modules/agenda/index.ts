import type { CuraModule } from "../../platform/module.ts";
import { agendaRoutes } from "./routes.ts";

/** The agenda: personal events and the calendar of events and bookings (spec 001 §2 screens 10–11). */
export const agendaModule: CuraModule = { name: "agenda", routes: agendaRoutes };

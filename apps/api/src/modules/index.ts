import type { CuraModule } from "../platform/module.ts";
import { agendaModule } from "./agenda/index.ts";
import { bookingsModule } from "./bookings/index.ts";
import { careModule } from "./care/index.ts";
import { companiesModule } from "./companies/index.ts";
import { devModule } from "./dev/index.ts";
import { filesModule } from "./files/index.ts";
import { geoModule } from "./geo/index.ts";
import { identityModule } from "./identity/index.ts";
import { notificationsModule } from "./notifications/index.ts";
import { patientsModule } from "./patients/index.ts";
import { productsModule } from "./products/index.ts";
import { systemModule } from "./system/index.ts";

/** Every module of the API, registered in this order under /api/v1. Add a module: one line here. */
export const modules: CuraModule[] = [
  systemModule,
  identityModule,
  filesModule,
  geoModule,
  companiesModule,
  bookingsModule,
  agendaModule,
  productsModule,
  careModule,
  notificationsModule,
  patientsModule,
  devModule,
];

import type { CuraModule } from "../platform/module.ts";
import { adminModule } from "./admin/index.ts";
import { agendaModule } from "./agenda/index.ts";
import { bookingsModule } from "./bookings/index.ts";
import { careModule } from "./care/index.ts";
import { companiesModule } from "./companies/index.ts";
import { devModule } from "./dev/index.ts";
import { documentsModule } from "./documents/index.ts";
import { filesModule } from "./files/index.ts";
import { geoModule } from "./geo/index.ts";
import { healthMeasurementsModule } from "./health/measurements/index.ts";
import { healthRecordsModule } from "./health/records/index.ts";
import { healthTherapiesModule } from "./health/therapies/index.ts";
import { identityModule } from "./identity/index.ts";
import { notificationsModule } from "./notifications/index.ts";
import { patientsModule } from "./patients/index.ts";
import { productsModule } from "./products/index.ts";
import { sessionsModule } from "./sessions/index.ts";
import { supportModule } from "./support/index.ts";
import { surveysModule } from "./surveys/index.ts";
import { systemModule } from "./system/index.ts";
import { teleconsultModule } from "./teleconsult/index.ts";
import { teleconsultRoomModule } from "./teleconsult/room/index.ts";

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
  supportModule,
  patientsModule,
  teleconsultModule,
  documentsModule,
  healthMeasurementsModule,
  healthRecordsModule,
  healthTherapiesModule,
  surveysModule,
  sessionsModule,
  teleconsultRoomModule,
  adminModule,
  devModule,
];

import { adminRoutes } from "./admin.ts";
import { adminSettingsRoutes } from "./admin-settings.ts";
import { botsRoutes } from "./bots.ts";
import { careRoutes } from "./care.ts";
import { documentsRoutes } from "./documents.ts";
import { healthMeasurementsRoutes } from "./health-measurements.ts";
import { healthRecordsRoutes } from "./health-records.ts";
import { healthTherapiesRoutes } from "./health-therapies.ts";
import { irstRoutes } from "./irst.ts";
import { popupQuestionsRoutes } from "./popup-questions.ts";
import { sessionsRoutes } from "./sessions.ts";
import { supportRoutes } from "./support.ts";
import { surveysRoutes } from "./surveys.ts";
import { teleconsultRoutes } from "./teleconsult.ts";
import type { RouteSet } from "./types.ts";

/**
 * The list routes of the modules measured in files of their own (one per module, added here with a
 * line), beside those statement-counts.test.ts measures itself.
 */
export const ROUTE_SETS: RouteSet[] = [
  healthRecordsRoutes,
  healthMeasurementsRoutes,
  documentsRoutes,
  teleconsultRoutes,
  careRoutes,
  supportRoutes,
  healthTherapiesRoutes,
  adminSettingsRoutes,
  adminRoutes,
  surveysRoutes,
  irstRoutes,
  popupQuestionsRoutes,
  botsRoutes,
  sessionsRoutes,
];

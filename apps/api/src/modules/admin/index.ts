import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CuraModule, ModuleContext } from "../../platform/module.ts";
import { adminBookingsRoutes } from "./bookings/routes.ts";
import { adminCatalogueRoutes } from "./catalogue/routes.ts";
import { adminCompaniesRoutes } from "./companies/routes.ts";
import { reportsRoutes } from "./reports/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { usersRoutes } from "./users/routes.ts";

/**
 * The administrator back office (issue 14, spec 002 §7 Administrator calls): users, companies,
 * settings and reference data, each part a folder of its own registering its routes here.
 */
const parts: FastifyPluginAsyncZod<{ ctx: ModuleContext }>[] = [
  settingsRoutes,
  adminCompaniesRoutes,
  usersRoutes,
  reportsRoutes,
  adminBookingsRoutes,
  adminCatalogueRoutes,
];

const adminRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  for (const part of parts) await app.register(part, { ctx });
};

export const adminModule: CuraModule = { name: "admin", routes: adminRoutes };

// The streamed XLS writer, for other modules' exports (the surveys module's fills, issue 13).
export { streamWorkbook, type WorkbookColumn, XLSX_TYPE } from "./workbook-stream.ts";

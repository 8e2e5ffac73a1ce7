import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { registerFileReadRules, registerFileReferenceRules } from "./file-rules.ts";
import { archiveRoutes } from "./routes-archive.ts";
import { careRoutes } from "./routes-care.ts";
import { companyRoutes } from "./routes-company.ts";
import { loginRoutes } from "./routes-login.ts";
import { operatorRoutes } from "./routes-operators.ts";
import { searchRoutes } from "./routes-search.ts";
import { serviceRoutes } from "./routes-services.ts";
import { statisticsRoutes } from "./routes-statistics.ts";

/** Companies, services, opening hours, slots, operators, search, library, archive and the care circle. */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  registerFileReadRules();
  registerFileReferenceRules();
  await app.register(companyRoutes, { ctx });
  await app.register(serviceRoutes, { ctx });
  await app.register(operatorRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(careRoutes, { ctx });
  await app.register(archiveRoutes, { ctx });
  await app.register(statisticsRoutes, { ctx });
  await app.register(loginRoutes, { ctx });
};

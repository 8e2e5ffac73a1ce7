import type { CuraModule } from "../../platform/module.ts";
import { aslRoutes } from "./asl/routes.ts";
import { geoRoutes } from "./routes.ts";

// The ASL routes are a sibling plugin: the lookups' day-long cache header must not reach data an
// administrator corrects (issue 14).
export const geoModule: CuraModule = {
  name: "geo",
  routes: async (app, { ctx }) => {
    await app.register(geoRoutes, { ctx });
    await app.register(aslRoutes, { ctx });
  },
};

// The ASL reference data (issue 14): seeded at start with the other reference data.
export { seedAslReference } from "./asl/reference.ts";
// The module's public surface: the Italian reference data other modules validate against.
export { listComuni, listProvinces } from "./service.ts";

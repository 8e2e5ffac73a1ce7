import { auditLog } from "../../src/platform/audit/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * The back office's settings and system log (issue 14): GET utilities/dati/logs runs the same
 * statements with 1 entry and with 50.
 */
export const adminSettingsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people } = env;
    return [
      {
        route: "/api/v1/utilities/dati/logs",
        url: () => "utilities/dati/logs?entity=conteggio&per_page=50",
        as: () => people.admin,
        seed: async (n) => {
          await t.database.db.insert(auditLog).values(
            Array.from({ length: n }, () => ({
              actorUserId: env.adminOperatorId,
              actorType: 1,
              action: "conteggio.prova",
              entity: "conteggio",
              entityId: String(env.next()),
            })),
          );
        },
      },
    ];
  },
  notSeeded: {
    "/api/v1/admin/settings":
      "always lists the ten built-in settings beside the administrators' own: one query whatever their number",
    "/api/v1/utilities/aslinfo": "fixed reference data (the 110 ASL of the Ministry's list)",
    "/api/v1/utilities/aslinfo/admin":
      "fixed reference data (the 110 ASL); their linked companies come in one query whatever their number",
    "/api/v1/utilities/roles": "the platform's roles, a fixed list of the domain package (no query)",
  },
};

import { irstItems } from "../../src/modules/surveys/irst/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** IRST (issue 13): Giuseppe's reconciliation, other products (the list pages by patient and kind). */
export const irstRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids } = env;
    let patientId: number | null = null;
    return [
      {
        route: "/api/v1/activities/irst/therapies",
        url: () => "activities/irst/therapies?kind=altro&per_page=100",
        as: () => people.citizen2,
        seed: async (n) => {
          patientId ??= ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
          const id = patientId;
          await t.database.db.insert(irstItems).values(
            Array.from({ length: n }, () => {
              const name = `Integratore ${env.next()}`;
              return {
                patientId: id,
                kind: "altro" as const,
                name,
                productType: "integratore" as const,
                frequency: "al_bisogno" as const,
                dedupeKey: `integratore:${name.toLowerCase()}`,
                authorRole: "paziente" as const,
              };
            }),
          );
        },
      },
    ];
  },
};

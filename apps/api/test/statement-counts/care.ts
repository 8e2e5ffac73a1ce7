import { EMERGENCY_CONTACTS_MAX } from "@cura/domain";
import { caregiverRelations, emergencyContacts } from "../../src/modules/care/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * Care (issue 10): Giuseppe's enabled caregivers (new people, surnamed "Badante": not the suite's
 * "Contatore" that its directory search counts) and his emergency contacts, which a user has at most
 * EMERGENCY_CONTACTS_MAX (10) of: the route is measured with 1 and with 10 (its cap).
 */
export const careRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids } = env;
    const db = () => t.database.db;
    let citizen2Id: number | null = null;
    const citizen2 = async () => {
      citizen2Id ??= ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
      return citizen2Id;
    };
    let contacts = 0;
    return [
      {
        route: "/api/v1/familymembers/caregivers/user/{id}",
        url: () => `familymembers/caregivers/user/${ids.encode(citizen2Id ?? 0)}`,
        as: () => people.citizen2,
        seed: async (n) => {
          const assistedId = await citizen2();
          const caregivers = await env.insertPeople(n, 0, "Badante");
          await db()
            .insert(caregiverRelations)
            .values(caregivers.map((caregiverId) => ({ caregiverId, assistedId, status: "enabled" as const })));
        },
      },
      {
        route: "/api/v1/users/emergencycontacts/{hashid}",
        url: () => `users/emergencycontacts/${ids.encode(citizen2Id ?? 0)}`,
        as: () => people.citizen2,
        cap: EMERGENCY_CONTACTS_MAX,
        // No more than a user may have: 1, then 9 more.
        seed: async (n) => {
          const userId = await citizen2();
          const count = Math.min(n, EMERGENCY_CONTACTS_MAX - contacts);
          if (count <= 0) return;
          contacts += count;
          await db()
            .insert(emergencyContacts)
            .values(
              Array.from({ length: count }, (_, i) => ({
                userId,
                type: 0,
                name: "Anna",
                surname: `Contatto ${i}`,
                relationship: "familiare",
                regione: "Lazio",
                provincia: "RM",
                comune: "Roma",
                cap: "00162",
                telNumber: "3331112223",
              })),
            );
        },
      },
    ];
  },
};

import { bookings } from "../../src/modules/bookings/tables.ts";
import { healthServices } from "../../src/modules/companies/tables.ts";
import { teleconsults } from "../../src/modules/teleconsult/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * Teleconsultations (issue 10): specialist ones (ref 2, the monitoring room's "Televisita di
 * controllo") of Giuseppe's at the monitoring room, each a booking of kind teleconsulto and its row in
 * teleconsults, ended (not open). Specialist ones need no quick-service permission nor routing (refs
 * 10/11), and the lists read no subscription; not at the demo pharmacy nor Maria's: the suite's own
 * booking lists count hers and the pharmacy's. The API tests' template has no teleconsultation, so
 * the administrators' list (every one) holds these alone.
 */
export const teleconsultRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, roomHashid } = env;
    const db = () => t.database.db;
    let citizen2Id: number | null = null;
    const citizen2 = async () => {
      citizen2Id ??= ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
      return citizen2Id;
    };
    return [
      {
        route: "/api/v1/teleconsults/own",
        url: () => "teleconsults/own?per_page=50",
        as: () => people.citizen2,
        seed: async (n) => {
          const userId = await citizen2();
          const companyId = ids.decode(roomHashid) as number;
          const start = new Date(Date.now() - 24 * 3_600_000);
          const rows = await db()
            .insert(bookings)
            .values(
              Array.from({ length: n }, () => ({
                companyId,
                userId,
                kind: "teleconsulto" as const,
                status: "evaso" as const,
                startAt: start,
                endAt: new Date(start.getTime() + 20 * 60_000),
              })),
            )
            .returning({ id: bookings.id });
          await db()
            .insert(teleconsults)
            .values(
              rows.map((row) => ({
                bookingId: row.id,
                companyId,
                userId,
                kind: "specialistico" as const,
                positionRef: 2,
                open: false,
                endedAt: new Date(start.getTime() + 20 * 60_000),
                endReason: "terminata",
              })),
            );
        },
      },
      // The room's specialist section and every teleconsultation: seeded by the route above.
      {
        route: "/api/v1/teleconsults/company/{kind}",
        url: () => "teleconsults/company/specialistico?per_page=50",
        as: () => people.roomAdmin,
        seed: async () => {},
      },
      {
        route: "/api/v1/teleconsults/admin",
        url: () => "teleconsults/admin?per_page=50",
        as: () => people.admin,
        seed: async () => {},
      },
      // The specialist entry's services (ref 2) at the monitoring room, subscribed to ref 2; named apart
      // from its demo "Televisita di controllo" by the search.
      {
        route: "/api/v1/teleconsults/specialist/services",
        url: () => "teleconsults/specialist/services?per_page=50&q=videoconsulenza",
        as: () => people.citizen2,
        seed: async (n) => {
          const companyId = ids.decode(roomHashid) as number;
          await db()
            .insert(healthServices)
            .values(
              Array.from({ length: n }, (_, i) => ({
                companyId,
                name: `Videoconsulenza specialistica ${env.next()}-${i}`,
                positionRef: 2,
                slotMinutes: 20,
              })),
            );
        },
      },
    ];
  },
};

import { eq } from "drizzle-orm";
import { bookings } from "../../src/modules/bookings/tables.ts";
import { documentTemplates, toBeSignedDocuments } from "../../src/modules/documents/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * Documents to be signed (issue 10): the demo pharmacy's templates, and the documents of a reservation
 * of Giuseppe's at the monitoring room (not Maria's at the pharmacy: the suite's own booking lists
 * count hers and the pharmacy's).
 */
export const documentsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, pharmacyId, adminOperatorId, roomHashid } = env;
    const db = () => t.database.db;
    let reservation: number | null = null;
    const booking = async () => {
      if (reservation !== null) return reservation;
      const citizen2Id = ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
      const [row] = await db()
        .insert(bookings)
        .values({
          companyId: ids.decode(roomHashid) as number,
          userId: citizen2Id,
          status: "confermato",
          kind: "prodotto",
        })
        .returning({ id: bookings.id });
      reservation = (row as { id: number }).id;
      return reservation;
    };
    return [
      {
        route: "/api/v1/companies/own/documenttemplates",
        url: () => "companies/own/documenttemplates?per_page=100",
        as: () => people.pharmacyAdmin,
        seed: async (n) => {
          // The demo world gives the pharmacy two templates: the list starts from the rows added here.
          if (n === 1) await db().delete(documentTemplates).where(eq(documentTemplates.companyId, pharmacyId));
          await db()
            .insert(documentTemplates)
            .values(
              Array.from({ length: n }, (_, i) => ({
                companyId: pharmacyId,
                name: `Modello ${env.next()} ${i}`,
                htmlContent: "<p>Testo</p>",
              })),
            );
        },
      },
      {
        route: "/api/v1/tobesigneddocuments/reservation/{id}",
        // Seeded (with its reservation) before it is called.
        url: () => `tobesigneddocuments/reservation/${ids.encode(reservation ?? 0)}?per_page=100`,
        as: () => people.citizen2,
        seed: async (n) => {
          const bookingId = await booking();
          await db()
            .insert(toBeSignedDocuments)
            .values(
              Array.from({ length: n }, (_, i) => ({
                companyId: ids.decode(roomHashid) as number,
                name: `Documento ${i}`,
                htmlContent: "<p>Testo</p>",
                createdBy: adminOperatorId,
                bookingId,
                assignedAt: new Date(),
              })),
            );
        },
      },
    ];
  },
};

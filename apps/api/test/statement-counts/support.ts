import { supportDownloads } from "../../src/modules/support/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** Support (spec 001 §3 Manual): the operators' manuals, rows only (a few bytes each). */
export const supportRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people } = env;
    return [
      {
        route: "/api/v1/manuals",
        url: () => "manuals?is_operatore=true&per_page=50",
        as: () => people.citizen2,
        seed: async (n) => {
          await t.database.db.insert(supportDownloads).values(
            Array.from({ length: n }, () => {
              const version = `1.${env.next()}`;
              return {
                kind: "manuale" as const,
                scope: "operatore" as const,
                version,
                releaseDate: "2025-01-01",
                fileName: `manuale-${version}.pdf`,
                mimeType: "application/pdf",
                sizeBytes: 4,
                bytes: Buffer.from("%PDF"),
              };
            }),
          );
        },
      },
    ];
  },
};

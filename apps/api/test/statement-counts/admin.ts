import { publicContacts } from "../../src/modules/admin/users/tables.ts";
import { companies, healthServices } from "../../src/modules/companies/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** The back office's lists of users, contacts, companies and health services (issue 14). */
export const adminRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people } = env;
    const admin = () => people.admin;
    return [
      {
        route: "/api/v1/users/registrati",
        url: () => "users/registrati?q=Registrata&per_page=50",
        as: admin,
        seed: async (n) => void (await env.insertPeople(n, 0, "Registrata")),
      },
      {
        route: "/api/v1/users/contatti/pubblici",
        url: () => "users/contatti/pubblici?q=contatore&per_page=50",
        as: admin,
        seed: async (n) => {
          await t.database.db.insert(publicContacts).values(
            Array.from({ length: n }, () => ({
              name: "Lia Contatore",
              email: `contatore.${env.next()}@example.it`,
              message: "Vorrei sapere gli orari.",
              privacyConsent: true,
            })),
          );
        },
      },
      {
        route: "/api/v1/companies",
        url: () => "companies?q=Contata&per_page=50",
        as: admin,
        seed: async (n) => {
          await t.database.db.insert(companies).values(
            Array.from({ length: n }, () => {
              const i = env.next();
              return {
                name: `Farmacia Contata ${i}`,
                kind: "farmacia",
                subtype: "farmacia",
                code: `CTA${String(i).padStart(7, "0")}`,
                comune: "Roma",
                provincia: "RM",
                regione: "Lazio",
              };
            }),
          );
        },
      },
      {
        route: "/api/v1/healthservices",
        url: () => "healthservices?q=Amministrata&per_page=50",
        as: admin,
        seed: async (n) => {
          await t.database.db
            .insert(healthServices)
            .values(
              Array.from({ length: n }, () => ({ companyId: env.pharmacyId, name: `Amministrata ${env.next()}` })),
            );
        },
      },
    ];
  },
  notSeeded: {
    "/api/v1/services": "the twelve platform services of the spec (position refs 1–12), a fixed list",
    "/api/v1/fdsservices": "the 'farmacia dei servizi' catalogue, reference data of eight services (admin/catalogue)",
    "/api/v1/users/registrati/oggi":
      "today's registrations include the demo world's, so the suite cannot make it answer exactly 1; it runs users/registrati's query (measured) with the day's bound, and the period counts",
  },
};

import {
  anamnesisEntries,
  annotations,
  clinicalReports,
  healthDocuments,
} from "../../src/modules/health/records/tables.ts";
import { companyPatients } from "../../src/modules/patients/tables.ts";
import { accessLog } from "../../src/platform/access-log/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** The health file's records (issue 11): Maria Rossi's, at the demo pharmacy. */
export const healthRecordsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, citizenId, pharmacyId, adminOperatorId } = env;
    const maria = () => ids.encode(citizenId);
    const db = () => t.database.db;
    let linked = false;
    const link = async () => {
      if (linked) return;
      linked = true;
      await db()
        .insert(companyPatients)
        .values({ companyId: pharmacyId, userId: citizenId, origin: "modifica" })
        .onConflictDoNothing();
    };
    const notes = async (n: number) => {
      await link();
      await db()
        .insert(annotations)
        .values(
          Array.from({ length: n }, (_, i) => ({
            patientId: citizenId,
            companyId: pharmacyId,
            authorId: adminOperatorId,
            kind: "semplice" as const,
            text: `Nota ${i}`,
            visible: true,
          })),
        );
    };
    const reports = async (n: number) => {
      await link();
      const files = await env.insertFiles(n);
      await db()
        .insert(clinicalReports)
        .values(
          files.map((fileId, i) => ({
            patientId: citizenId,
            companyId: pharmacyId,
            authorId: adminOperatorId,
            kind: "caricato" as const,
            title: `Referto ${i}`,
            fileId,
          })),
        );
    };
    const documents = async (n: number) => {
      await link();
      const files = await env.insertFiles(n);
      await db()
        .insert(healthDocuments)
        .values(
          files.map((fileId, i) => ({
            patientId: citizenId,
            uploaderId: i % 2 ? citizenId : adminOperatorId,
            companyId: i % 2 ? null : pharmacyId,
            name: `Documento ${i}`,
            date: "2025-01-01",
            fileId,
            mimeType: "application/pdf",
            sizeBytes: 100,
          })),
        );
    };
    return [
      {
        route: "/api/v1/anamnesi/users/all/{id}",
        url: () => `anamnesi/users/all/${maria()}?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: async (n) => {
          await link();
          await db()
            .insert(anamnesisEntries)
            .values(
              Array.from({ length: n }, (_, i) => ({
                patientId: citizenId,
                category: "allergie" as const,
                description: `Allergia ${i}`,
                authorId: i % 2 ? citizenId : adminOperatorId,
              })),
            );
        },
      },
      {
        route: "/api/v1/annotations/users/all/{id}",
        url: () => `annotations/users/all/${maria()}?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: notes,
      },
      // The company's notes on all its patients: seeded by the route above (the same rows).
      {
        route: "/api/v1/annotations/users/all",
        url: () => "annotations/users/all?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: async () => {},
      },
      {
        route: "/api/v1/clinicalreports",
        url: () => "clinicalreports?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: reports,
      },
      {
        route: "/api/v1/patientarchives",
        url: () => `patientarchives?user_id=${maria()}&per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: documents,
      },
      // The citizen's own documents: seeded by the route above.
      {
        route: "/api/v1/users/own/patientarchives",
        url: () => "users/own/patientarchives?per_page=50",
        as: () => people.citizen,
        seed: async () => {},
      },
      {
        route: "/api/v1/users/own/healthreads",
        url: () => "users/own/healthreads?section=attivita&per_page=50",
        as: () => people.citizen,
        seed: async (n) => {
          await db()
            .insert(accessLog)
            .values(
              Array.from({ length: n }, (_, i) => ({
                actorUserId: adminOperatorId,
                actorType: 1,
                companyId: pharmacyId,
                entity: "health.attivita",
                entityId: `r${i}`,
                subjectUserId: citizenId,
              })),
            );
        },
      },
    ];
  },
};

import { INTAKE_MOMENT_TIMES, type TIntakeMoment } from "@cura/domain";
import { eq } from "drizzle-orm";
import {
  healthExemptionPathologies,
  healthExemptions,
  healthPathologies,
  healthTherapies,
  healthTherapyIntakes,
} from "../../src/modules/health/therapies/tables.ts";
import { companyPatients } from "../../src/modules/patients/tables.ts";
import { addDays, zonedToInstant } from "../../src/platform/zoned-time.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** The intakes' last day: a fixed day in the past, away from a daylight-saving change. */
const LAST_DAY = "2025-02-25";
/** 25 days with two intakes each: 50 scheduled intakes (the span may be at most 31 days). */
const FIRST_DAY = addDays(LAST_DAY, -24);

const therapyValues = {
  drugName: "Farmaco contato",
  drugNotListed: true,
  dosage: 1,
  dosageUnit: "compressa",
  route: "orale",
  frequency: "volte_al_giorno",
  duration: "definita",
  prescriber: "Dott.ssa Anna Neri",
  source: "medico_di_base",
};

/**
 * The health file's pathologies, exemptions and therapies (issue 11). Giuseppe's own file (he reads
 * it himself), and a new person followed by the monitoring room whose file its administrator reads:
 * neither is Maria nor a patient of the demo pharmacy, whose lists the suite counts.
 */
export const healthTherapiesRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, roomHashid } = env;
    const db = () => t.database.db;
    let giuseppe: number | null = null;
    /** Giuseppe's first pathology, which his exemptions cover. */
    let giuseppePathology: number | null = null;
    /** The room's patient and the pathology their therapies treat. */
    let patient: { id: number; pathologyId: number } | null = null;
    /** Giuseppe's therapy whose scheduled intakes are listed. */
    let therapyId: number | null = null;

    const giuseppeId = async () => {
      giuseppe ??= ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
      return giuseppe;
    };
    const self = (patientId: number) => ({
      patientId,
      authorId: patientId,
      authorCompanyId: null,
      authorRole: "paziente" as const,
    });
    const roomPatient = async () => {
      if (patient) return patient;
      const [id] = (await env.insertPeople(1, 0, "Terapista")) as [number];
      // Linked by no operator (createdBy null): out of every "my patients" list.
      await db()
        .insert(companyPatients)
        .values({ companyId: ids.decode(roomHashid) as number, userId: id, origin: "modifica" });
      const [pathology] = await db()
        .insert(healthPathologies)
        .values({ ...self(id), name: "Diabete mellito tipo 2", type: "cronica", icd10Code: "E11" })
        .returning({ id: healthPathologies.id });
      patient = { id, pathologyId: (pathology as { id: number }).id };
      return patient;
    };
    /** `n` exemptions of a person, each covering one of their pathologies (the linked-pathologies query). */
    const exemptions = async (patientId: number, pathologyId: number, n: number) => {
      const rows = await db()
        .insert(healthExemptions)
        .values(Array.from({ length: n }, () => ({ ...self(patientId), code: "013", validFrom: "2020-10-01" })))
        .returning({ id: healthExemptions.id });
      await db()
        .insert(healthExemptionPathologies)
        .values(rows.map((row) => ({ exemptionId: row.id, pathologyId })));
    };
    const intake = (day: string, moment: TIntakeMoment) =>
      new Date(zonedToInstant(day, INTAKE_MOMENT_TIMES[moment], "Europe/Rome"));

    return [
      {
        route: "/api/v1/pathologies",
        url: () => "pathologies?per_page=50",
        as: () => people.citizen2,
        seed: async (n) => {
          const id = await giuseppeId();
          const rows = await db()
            .insert(healthPathologies)
            .values(
              Array.from({ length: n }, (_, i) => ({
                ...self(id),
                name: `Patologia ${env.next()} ${i}`,
                type: "cronica" as const,
                icd10Code: "E11",
              })),
            )
            .returning({ id: healthPathologies.id });
          giuseppePathology ??= (rows[0] as { id: number }).id;
        },
      },
      {
        route: "/api/v1/pathologies/exemptioncodes/users",
        url: () => "pathologies/exemptioncodes/users",
        as: () => people.citizen2,
        // After the pathologies' seed (above), which gives Giuseppe the pathology they cover.
        seed: async (n) => exemptions(await giuseppeId(), giuseppePathology as number, n),
      },
      {
        route: "/api/v1/pathologies/exemptioncodes/users/{id}",
        url: () => `pathologies/exemptioncodes/users/${ids.encode(patient?.id ?? 0)}`,
        as: () => people.roomAdmin,
        seed: async (n) => {
          const { id, pathologyId } = await roomPatient();
          await exemptions(id, pathologyId, n);
        },
      },
      {
        route: "/api/v1/therapies",
        url: () => `therapies?patient=${ids.encode(patient?.id ?? 0)}&per_page=50`,
        as: () => people.roomAdmin,
        seed: async (n) => {
          const { id, pathologyId } = await roomPatient();
          const rows = await db()
            .insert(healthTherapies)
            .values(
              Array.from({ length: n }, () => ({
                ...self(id),
                ...therapyValues,
                pathologyId,
                intakeMoments: ["mattina"],
                startDate: LAST_DAY,
                endDate: null,
                duration: "indeterminata",
              })),
            )
            .returning({ id: healthTherapies.id });
          // A mark each, for the adherence query.
          await db()
            .insert(healthTherapyIntakes)
            .values(rows.map((row) => ({ therapyId: row.id, scheduledAt: new Date(), taken: true, markedBy: id })));
        },
      },
      {
        // The items are the schedule's intakes of the span (from the therapy's row), with their marks
        // (rows): one intake and its mark, then the therapy spread over 25 days at two moments, all marked.
        route: "/api/v1/therapies/{hashid}/intakes",
        url: () => `therapies/${ids.encode(therapyId ?? 0)}/intakes?from=${FIRST_DAY}&to=${LAST_DAY}`,
        as: () => people.citizen2,
        seed: async (n) => {
          const id = await giuseppeId();
          if (therapyId === null) {
            const [row] = await db()
              .insert(healthTherapies)
              .values({
                ...self(id),
                ...therapyValues,
                intakeMoments: ["mattina"],
                startDate: LAST_DAY,
                endDate: LAST_DAY,
              })
              .returning({ id: healthTherapies.id });
            therapyId = (row as { id: number }).id;
            await db()
              .insert(healthTherapyIntakes)
              .values({ therapyId, scheduledAt: intake(LAST_DAY, "mattina"), taken: true, markedBy: id });
            if (n === 1) return;
          }
          await db()
            .update(healthTherapies)
            .set({ startDate: FIRST_DAY, intakeMoments: ["mattina", "sera"] })
            .where(eq(healthTherapies.id, therapyId));
          const marks = Array.from({ length: 25 }, (_, d) => addDays(FIRST_DAY, d))
            .flatMap((day) => (["mattina", "sera"] as const).map((moment) => intake(day, moment)))
            .filter((at) => at.getTime() !== intake(LAST_DAY, "mattina").getTime());
          await db()
            .insert(healthTherapyIntakes)
            .values(
              marks.map((scheduledAt, i) => ({
                therapyId: therapyId as number,
                scheduledAt,
                taken: i % 7 !== 3,
                markedBy: id,
              })),
            );
        },
      },
    ];
  },
  notSeeded: {
    "/api/v1/utilities/pathologies/icd/search": "fixed reference data (the ICD-10 codes, shipped as a TSV)",
    "/api/v1/utilities/pathologies/chronic/search":
      "fixed reference data (the chronic-disease exemption codes, LEA allegato 8, shipped as a TSV)",
    "/api/v1/utilities/pathologies/rare/search":
      "fixed reference data (the rare-disease exemption codes, LEA allegato 7, shipped as a TSV)",
    "/api/v1/pathologies/exemptioncodes/list":
      "fixed reference data (the national exemption codes, chronic and rare, shipped as TSVs)",
  },
};

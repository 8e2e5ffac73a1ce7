import { asc } from "drizzle-orm";
import {
  deviceModels,
  healthExams,
  healthFrequencies,
  healthMeasurements,
  healthScales,
  healthScores,
  patientDevices,
} from "../../src/modules/health/measurements/tables.ts";
import { companyPatients } from "../../src/modules/patients/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * The health file's measurements (issue 11): Giuseppe's (citizen2), read by the monitoring room's
 * administrator (a patient of the room: not Maria, not at the pharmacy, whose patients and bookings
 * the suite counts). A frequency is one per parameter or scale, and the last scores one per scale, so
 * 50 of them need 50 parameters and scales: the seeds add them to the catalogue (only this module
 * reads it, and its own lists of the catalogue are not measured).
 */
export const healthMeasurementsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, roomHashid } = env;
    const db = () => t.database.db;
    const roomId = () => ids.decode(roomHashid) as number;
    let patientId: number | null = null;
    /** Giuseppe, a patient of the monitoring room (linked once). */
    const patient = async () => {
      if (patientId !== null) return patientId;
      const me = (await people.citizen2.get("users/fresh/me")).json().data;
      patientId = ids.decode(me.hashid) as number;
      await db()
        .insert(companyPatients)
        .values({ companyId: roomId(), userId: patientId, origin: "modifica" })
        .onConflictDoNothing();
      return patientId;
    };
    const giuseppe = () => ids.encode(patientId ?? 0);
    /** The catalogue's first parameter and device model. */
    const firstExam = async () =>
      (
        (await db().select({ id: healthExams.id }).from(healthExams).orderBy(asc(healthExams.id)).limit(1))[0] as {
          id: number;
        }
      ).id;
    const firstModel = async () =>
      (
        (await db().select({ id: deviceModels.id }).from(deviceModels).orderBy(asc(deviceModels.id)).limit(1))[0] as {
          id: number;
        }
      ).id;
    /** `n` new parameters of the catalogue. */
    const newExams = async (n: number) => {
      const rows = await db()
        .insert(healthExams)
        .values(
          Array.from({ length: n }, () => ({
            name: `Parametro contato ${env.next()}`,
            unit: "u",
            plausibleMin: 0,
            plausibleMax: 100,
            bands: [{ min: 0, max: 100, risk: 0 }],
          })),
        )
        .returning({ id: healthExams.id });
      return rows.map((row) => row.id);
    };
    /** `n` new scales of the catalogue. */
    const newScales = async (n: number) => {
      const rows = await db()
        .insert(healthScales)
        .values(
          Array.from({ length: n }, () => {
            const i = env.next();
            return {
              code: `CONTO-${i}`,
              name: `Scala contata ${i}`,
              minScore: 0,
              maxScore: 10,
              bands: [{ min: 0, max: 10, label: "Nella norma", risk: 0 }],
            };
          }),
        )
        .returning({ id: healthScales.id });
      return rows.map((row) => row.id);
    };
    const operator = () => people.roomAdmin;
    return [
      {
        route: "/api/v1/exams/measurements/all",
        url: () => `exams/measurements/all?user_id=${giuseppe()}&per_page=50`,
        as: operator,
        seed: async (n) => {
          const patientId = await patient();
          const examId = await firstExam();
          const now = Date.now();
          await db()
            .insert(healthMeasurements)
            .values(
              Array.from({ length: n }, () => ({
                patientId,
                examId,
                value: 50,
                measuredAt: new Date(now - env.next() * 60_000),
                authorId: patientId,
                authorKind: "paziente" as const,
              })),
            );
        },
      },
      {
        route: "/api/v1/exams/frequencies/{id}",
        url: () => `exams/frequencies/${giuseppe()}`,
        as: operator,
        seed: async (n) => {
          const patientId = await patient();
          const exams = await newExams(n);
          await db()
            .insert(healthFrequencies)
            .values(exams.map((examId) => ({ patientId, examId, every: 1, unit: 2, companyId: roomId() })));
        },
      },
      {
        route: "/api/v1/scores/user/{id}",
        url: () => `scores/user/${giuseppe()}`,
        as: operator,
        // One score of each of `n` new scales, and a frequency of each (the route below).
        seed: async (n) => {
          const patientId = await patient();
          const scales = await newScales(n);
          await db()
            .insert(healthScores)
            .values(scales.map((scaleId) => ({ patientId, scaleId, value: 5, takenAt: new Date() })));
          await db()
            .insert(healthFrequencies)
            .values(scales.map((scaleId) => ({ patientId, scaleId, every: 1, unit: 2, companyId: roomId() })));
        },
      },
      {
        route: "/api/v1/scores/frequencies/{id}",
        url: () => `scores/frequencies/${giuseppe()}`,
        as: operator,
        seed: async () => {},
      },
      {
        route: "/api/v1/wearabledevices/users/{id}",
        url: () => `wearabledevices/users/${giuseppe()}`,
        as: operator,
        seed: async (n) => {
          const patientId = await patient();
          const deviceModelId = await firstModel();
          await db()
            .insert(patientDevices)
            .values(
              Array.from({ length: n }, () => ({
                patientId,
                deviceModelId,
                productCode: `CONTO-${env.next()}`,
                enabledExamIds: [],
                companyId: roomId(),
              })),
            );
        },
      },
      // Giuseppe's own devices: seeded by the route above.
      {
        route: "/api/v1/users/own/devices",
        url: () => "users/own/devices",
        as: () => people.citizen2,
        seed: async () => {},
      },
    ];
  },
  notSeeded: {
    "/api/v1/exams": "shipped reference data: the parameters catalogue (catalogue.ts), seeded at every start",
    "/api/v1/scores": "shipped reference data: the questionnaire scales (catalogue.ts), seeded at every start",
    "/api/v1/wearabledevices": "shipped reference data: the device models catalogue (catalogue.ts)",
    "/api/v1/exams/thresholds/{id}":
      "one item per parameter of the shipped catalogue (custom bands change an item, not their number)",
    "/api/v1/users/own/chart/action-logs":
      "always the last 30 days, one item per day (0 when nothing was done), from one grouped query",
  },
};

import { bandOf, type TBand } from "@cura/domain";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { companies, operators } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";
import {
  deviceModels,
  healthExams,
  healthFrequencies,
  healthMeasurements,
  healthScales,
  healthScores,
  healthThresholds,
  patientDevices,
} from "./tables.ts";

const DAY = 86_400_000;

/** Values that drift across the bands over the 90 days, the same at every start (no randomness). */
function wave(day: number, base: number, amplitude: number, period: number, phase = 0): number {
  return base + amplitude * Math.sin((2 * Math.PI * (day + phase)) / period) + ((day * 7919) % 11) - 5;
}

/**
 * 90 days of readings for two demo patients (Maria Rossi at Farmacia San Marco, Giuseppe Bianchi at
 * Farmacia Trastevere) that cross bands; Maria's custom systolic threshold with its protocol notes, a
 * pressure frequency, a blood-pressure monitor, PHQ-9 and Barthel scores. Start-up seed only (and the
 * journeys); skipped when Maria already has readings.
 */
export async function seedDemoMeasurements(db: Database, now = Date.now()): Promise<number> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo", "farmacia.operatore@cura.demo"]),
    );
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const maria = idOf("maria.rossi@cura.demo");
  const giuseppe = idOf("giuseppe.bianchi@cura.demo");
  const operator = idOf("farmacia.operatore@cura.demo");
  if (!maria || !giuseppe || !operator) return 0;
  const existing = await db
    .select({ id: healthMeasurements.id })
    .from(healthMeasurements)
    .where(eq(healthMeasurements.patientId, maria))
    .limit(1);
  if (existing.length > 0) return 0;

  const exams = await db.select().from(healthExams);
  const exam = (name: string) => exams.find((e) => e.name === name) as (typeof exams)[number];
  const systolic = exam("Pressione sistolica");
  const diastolic = exam("Pressione diastolica");
  const heart = exam("Frequenza cardiaca");
  const weight = exam("Peso");
  const glucose = exam("Glicemia");
  const spo2 = exam("Saturazione di ossigeno (SpO2)");
  const [pharmacy] = await db
    .select({ id: operators.companyId })
    .from(operators)
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(eq(operators.userId, operator));

  return db.transaction(async (tx) => {
    // Maria's cardiologist wants her warned earlier: a custom systolic threshold with its protocol.
    const mariaSystolic: TBand[] = [
      { min: 50, max: 89, risk: 2 },
      { min: 90, max: 129, risk: 0 },
      { min: 130, max: 144, risk: 2 },
      { min: 145, max: 164, risk: 3 },
      { min: 165, max: 260, risk: 4 },
    ];
    await tx.insert(healthThresholds).values({
      patientId: maria,
      examId: systolic.id,
      bands: mariaSystolic,
      diagnosticProtocol: "Ipertensione di grado 1 in terapia: controllo domiciliare mattina e sera",
      operationalProtocol: "Oltre 145 mmHg per due giorni: contattare la paziente e il medico curante",
      setBy: operator,
      companyId: pharmacy?.id ?? null,
    });
    const bandsOf = (patientId: number, examRow: (typeof exams)[number]) =>
      patientId === maria && examRow.id === systolic.id ? mariaSystolic : (examRow.bands as TBand[]);

    const rows: Array<typeof healthMeasurements.$inferInsert> = [];
    const add = (patientId: number, examRow: (typeof exams)[number], at: number, raw: number) => {
      // Today's readings only up to now: a reading is never in the future (the API refuses one), and a
      // morning reading seeded before 06:30 UTC would sit above every reading the person makes today.
      if (at >= now) return;
      const factor = 10 ** examRow.decimals;
      const value = Math.min(examRow.plausibleMax, Math.max(examRow.plausibleMin, Math.round(raw * factor) / factor));
      const band = bandOf(bandsOf(patientId, examRow), value);
      rows.push({
        patientId,
        examId: examRow.id,
        value,
        measuredAt: new Date(at),
        authorId: patientId,
        authorKind: "paziente",
        bandMin: band?.min ?? null,
        bandMax: band?.max ?? null,
        risk: band?.risk ?? null,
      });
    };
    const midnight = now - (now % DAY);
    for (let day = 89; day >= 0; day--) {
      const morning = midnight - day * DAY + 6.5 * 3_600_000;
      const evening = midnight - day * DAY + 18 * 3_600_000;
      for (const [patientId, base] of [
        [maria, 132],
        [giuseppe, 142],
      ] as const) {
        const age = 89 - day;
        add(patientId, systolic, morning, wave(age, base, 18, 30));
        add(patientId, diastolic, morning, wave(age, base - 50, 10, 30));
        add(patientId, systolic, evening, wave(age, base - 6, 16, 30, 4));
        add(patientId, heart, morning, wave(age, 76, 14, 21, 3));
        if (day % 7 === 0) add(patientId, weight, morning, patientId === maria ? 68 - age / 60 : 91 - age / 45);
      }
      add(giuseppe, glucose, morning, wave(89 - day, 125, 45, 24));
      if (day % 3 === 0) add(maria, spo2, morning, wave(89 - day, 96, 2, 15));
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(healthMeasurements).values(rows.slice(i, i + 500));

    await tx.insert(healthFrequencies).values([
      { patientId: maria, examId: systolic.id, every: 12, unit: 3, setBy: operator, companyId: pharmacy?.id ?? null },
      { patientId: maria, examId: weight.id, every: 1, unit: 1, setBy: operator, companyId: pharmacy?.id ?? null },
    ]);

    const [monitor] = await tx
      .select()
      .from(deviceModels)
      .where(eq(deviceModels.name, "Sfigmomanometro da braccio BP-200"));
    if (monitor) {
      await tx.insert(patientDevices).values({
        patientId: maria,
        deviceModelId: monitor.id,
        productCode: "BP200-0042-MR",
        enabledExamIds: monitor.examIds,
        assignedBy: operator,
        companyId: pharmacy?.id ?? null,
        lastSyncAt: new Date(midnight - DAY),
      });
    }

    const scales = await tx.select().from(healthScales);
    const scores: Array<typeof healthScores.$inferInsert> = [];
    for (const scale of scales) {
      for (const [patientId, values] of [
        [maria, scale.code === "PHQ-9" ? [12, 9, 6] : [85, 90, 95]],
        [giuseppe, scale.code === "PHQ-9" ? [7, 11, 15] : [70, 65, 60]],
      ] as const) {
        values.forEach((value, i) => {
          const band = scale.bands.find((b) => value >= b.min && value <= b.max);
          scores.push({
            patientId,
            scaleId: scale.id,
            value,
            label: band?.label ?? null,
            risk: band?.risk ?? null,
            items: [{ question: "Punteggio complessivo del questionario", answer: String(value), points: value }],
            sourceRef: "demo",
            takenAt: new Date(midnight - (80 - i * 35) * DAY + 10 * 3_600_000),
          });
        });
      }
    }
    await tx.insert(healthScores).values(scores);
    return rows.length;
  });
}

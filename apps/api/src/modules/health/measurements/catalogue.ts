import type { Executor } from "../../../db/client.ts";
import { deviceModels, healthExams, healthScales } from "./tables.ts";

/**
 * The reference data of measurements: parameters with their LOINC codes, plausible ranges, reference
 * values and default bands (risk 0 none … 4 very high, bounds inclusive, no gaps at the parameter's
 * precision); the scales the demo scores; the device models. Idempotent (by name or code), so it may
 * run at every seed.
 */
export const EXAM_CATALOGUE = [
  {
    name: "Pressione sistolica",
    unit: "mmHg",
    decimals: 0,
    plausibleMin: 50,
    plausibleMax: 260,
    referenceMin: 90,
    referenceMax: 139,
    loinc: "8480-6",
    bands: [
      { min: 50, max: 89, risk: 2 },
      { min: 90, max: 119, risk: 0 },
      { min: 120, max: 139, risk: 1 },
      { min: 140, max: 159, risk: 2 },
      { min: 160, max: 179, risk: 3 },
      { min: 180, max: 260, risk: 4 },
    ],
  },
  {
    name: "Pressione diastolica",
    unit: "mmHg",
    decimals: 0,
    plausibleMin: 30,
    plausibleMax: 160,
    referenceMin: 60,
    referenceMax: 89,
    loinc: "8462-4",
    bands: [
      { min: 30, max: 59, risk: 2 },
      { min: 60, max: 79, risk: 0 },
      { min: 80, max: 89, risk: 1 },
      { min: 90, max: 99, risk: 2 },
      { min: 100, max: 109, risk: 3 },
      { min: 110, max: 160, risk: 4 },
    ],
  },
  {
    name: "Frequenza cardiaca",
    unit: "bpm",
    decimals: 0,
    plausibleMin: 20,
    plausibleMax: 250,
    referenceMin: 60,
    referenceMax: 100,
    loinc: "8867-4",
    bands: [
      { min: 20, max: 39, risk: 4 },
      { min: 40, max: 49, risk: 2 },
      { min: 50, max: 100, risk: 0 },
      { min: 101, max: 120, risk: 2 },
      { min: 121, max: 250, risk: 3 },
    ],
  },
  {
    name: "Peso",
    unit: "kg",
    decimals: 1,
    plausibleMin: 1,
    plausibleMax: 400,
    referenceMin: null,
    referenceMax: null,
    loinc: "29463-7",
    bands: [{ min: 1, max: 400, risk: 0 }],
  },
  {
    name: "Altezza",
    unit: "cm",
    decimals: 0,
    plausibleMin: 30,
    plausibleMax: 250,
    referenceMin: null,
    referenceMax: null,
    loinc: "8302-2",
    bands: [{ min: 30, max: 250, risk: 0 }],
  },
  {
    name: "Temperatura corporea",
    unit: "°C",
    decimals: 1,
    plausibleMin: 30,
    plausibleMax: 45,
    referenceMin: 36,
    referenceMax: 37.5,
    loinc: "8310-5",
    bands: [
      { min: 30, max: 35, risk: 3 },
      { min: 35.1, max: 35.9, risk: 1 },
      { min: 36, max: 37.5, risk: 0 },
      { min: 37.6, max: 38.4, risk: 1 },
      { min: 38.5, max: 39.9, risk: 2 },
      { min: 40, max: 45, risk: 4 },
    ],
  },
  {
    name: "Saturazione di ossigeno (SpO2)",
    unit: "%",
    decimals: 0,
    plausibleMin: 50,
    plausibleMax: 100,
    referenceMin: 95,
    referenceMax: 100,
    loinc: "59408-5",
    bands: [
      { min: 50, max: 89, risk: 4 },
      { min: 90, max: 93, risk: 3 },
      { min: 94, max: 95, risk: 1 },
      { min: 96, max: 100, risk: 0 },
    ],
  },
  {
    name: "Glicemia",
    unit: "mg/dL",
    decimals: 0,
    plausibleMin: 20,
    plausibleMax: 600,
    referenceMin: 70,
    referenceMax: 99,
    loinc: "2339-0",
    bands: [
      { min: 20, max: 53, risk: 4 },
      { min: 54, max: 69, risk: 2 },
      { min: 70, max: 99, risk: 0 },
      { min: 100, max: 125, risk: 1 },
      { min: 126, max: 199, risk: 2 },
      { min: 200, max: 299, risk: 3 },
      { min: 300, max: 600, risk: 4 },
    ],
  },
] as const;

export const SCALE_CATALOGUE = [
  {
    code: "PHQ-9",
    name: "PHQ-9 (depressione)",
    minScore: 0,
    maxScore: 27,
    bands: [
      { min: 0, max: 4, label: "Minima", risk: 0 },
      { min: 5, max: 9, label: "Lieve", risk: 1 },
      { min: 10, max: 14, label: "Moderata", risk: 2 },
      { min: 15, max: 19, label: "Moderatamente grave", risk: 3 },
      { min: 20, max: 27, label: "Grave", risk: 4 },
    ],
  },
  {
    code: "BARTHEL",
    name: "Indice di Barthel (autonomia)",
    minScore: 0,
    maxScore: 100,
    bands: [
      { min: 0, max: 20, label: "Dipendenza totale", risk: 4 },
      { min: 21, max: 60, label: "Dipendenza grave", risk: 3 },
      { min: 61, max: 90, label: "Dipendenza moderata", risk: 2 },
      { min: 91, max: 99, label: "Dipendenza lieve", risk: 1 },
      { min: 100, max: 100, label: "Indipendente", risk: 0 },
    ],
  },
] as const;

export const DEVICE_CATALOGUE = [
  {
    name: "Sfigmomanometro da braccio BP-200",
    manufacturer: "MedTech Italia",
    exams: ["Pressione sistolica", "Pressione diastolica", "Frequenza cardiaca"],
  },
  {
    name: "Pulsossimetro PO-30",
    manufacturer: "MedTech Italia",
    exams: ["Saturazione di ossigeno (SpO2)", "Frequenza cardiaca"],
  },
  { name: "Bilancia smart WS-10", manufacturer: "Salus Devices", exams: ["Peso"] },
  { name: "Glucometro GL-50", manufacturer: "Salus Devices", exams: ["Glicemia"] },
] as const;

export async function seedHealthCatalogue(db: Executor): Promise<void> {
  await db
    .insert(healthExams)
    .values(EXAM_CATALOGUE.map((exam, i) => ({ ...exam, bands: [...exam.bands], sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(healthScales)
    .values(SCALE_CATALOGUE.map((scale) => ({ ...scale, bands: [...scale.bands] })))
    .onConflictDoNothing();
  const exams = await db.select({ id: healthExams.id, name: healthExams.name }).from(healthExams);
  const idOf = new Map(exams.map((exam) => [exam.name, exam.id]));
  const existing = new Set((await db.select({ name: deviceModels.name }).from(deviceModels)).map((d) => d.name));
  const missing = DEVICE_CATALOGUE.filter((device) => !existing.has(device.name));
  if (missing.length === 0) return;
  await db.insert(deviceModels).values(
    missing.map((device) => ({
      name: device.name,
      manufacturer: device.manufacturer,
      examIds: device.exams.map((name) => idOf.get(name) as number),
    })),
  );
}

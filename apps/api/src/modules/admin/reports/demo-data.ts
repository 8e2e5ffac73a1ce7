import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { addDays, daysBetween, zonedDate } from "../../../platform/zoned-time.ts";
import { bookings } from "../../bookings/tables.ts";
import { companies, healthServices } from "../../companies/tables.ts";
import { healthExams, healthMeasurements } from "../../health/measurements/tables.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { teleconsults } from "../../teleconsult/tables.ts";
import { runRollup } from "./rollup.ts";

/** The companies the journeys work at keep their own bookings: the year of activity goes elsewhere. */
const JOURNEY_COMPANIES = ["Farmacia San Marco", "Centrale di Monitoraggio Lazio"];
const REGIONS = [
  ["Lombardia", 5],
  ["Lazio", 4],
  ["Campania", 3],
  ["Piemonte", 2],
  ["Emilia-Romagna", 2],
  ["Veneto", 2],
  ["Toscana", 1],
  ["Sicilia", 1],
] as const;
const CITIZENS = 360;
const FIRST_NAMES = ["Andrea", "Chiara", "Luca", "Francesca", "Matteo", "Sofia", "Marco", "Elena", "Giorgio", "Anna"];
const SURNAMES = ["Ricci", "Marino", "Caruso", "Bruno", "Gallo", "Costa", "Fontana", "Rinaldi", "Barbieri", "Lombardi"];

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/**
 * A year of registrations, bookings, teleconsultations and readings across regions (issue 14: "so
 * the reports show trends"), then the reports' rollups computed. Registrations grow through the
 * year; activity follows the weekdays. Citizens have no e-mail or password: they only fill figures.
 * A few thousand rows, inserted in bulk; run once with the demo world (main.ts, the journeys' setup).
 */
export async function seedDemoReports(db: Database, now = Date.now()): Promise<void> {
  const random = seededRandom(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = zonedDate(now, "Europe/Rome");
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

  const services = await db
    .select({ id: healthServices.id, companyId: healthServices.companyId, region: companies.regione })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .where(and(notInArray(companies.name, JOURNEY_COMPANIES), isNotNull(companies.regione)));
  if (services.length === 0) return;
  const [exam] = await db
    .select({ id: healthExams.id, min: healthExams.plausibleMin, max: healthExams.plausibleMax })
    .from(healthExams)
    .limit(1);

  // Registrations: more and more through the year (a weight growing with the day).
  const weighted = REGIONS.flatMap(([region, weight]) => Array.from({ length: weight }, () => region));
  const people = Array.from({ length: CITIZENS }, (_, i) => {
    const age = Math.floor(364 * Math.sqrt(random()));
    return { day: addDays(today, -(364 - age)), region: pick(weighted), i };
  });
  const created = await db
    .insert(users)
    .values(
      people.map((p) => ({ type: 0, iAm: "cittadino", createdAt: at(p.day, 9 + (p.i % 9)), updatedAt: at(p.day, 9) })),
    )
    .returning({ id: users.id });
  await insertInChunks(
    people.map((p, i) => ({
      userId: (created[i] as { id: number }).id,
      name: pick(FIRST_NAMES),
      surname: pick(SURNAMES),
      regione: p.region,
    })),
    (chunk) => db.insert(anagrafiche).values(chunk),
  );

  // Activity: each citizen books now and then after registering; some come back often.
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const teleRows: { userId: number; companyId: number; day: string }[] = [];
  const readingRows: (typeof healthMeasurements.$inferInsert)[] = [];
  for (const [i, p] of people.entries()) {
    const userId = (created[i] as { id: number }).id;
    const local = services.filter((s) => s.region === p.region);
    const pool = local.length > 0 ? local : services;
    const daysSince = daysBetween(p.day, today);
    const regular = random() < 0.3;
    const visits = Math.max(1, Math.round((daysSince / 30) * (regular ? 2.5 : 0.6) * random()));
    for (let v = 0; v < visits; v++) {
      const day = addDays(p.day, Math.floor(random() * Math.max(1, daysSince)));
      if (day > addDays(today, -1)) continue;
      const roll = random();
      const service = pick(pool);
      if (roll < 0.7) {
        bookingRows.push({
          companyId: service.companyId,
          healthServiceId: service.id,
          userId,
          status: random() < 0.9 ? "evaso" : "annullato",
          startAt: at(addDays(day, 2), 8 + Math.floor(random() * 9)),
          endAt: at(addDays(day, 2), 17),
          createdAt: at(day, 8 + Math.floor(random() * 10)),
          updatedAt: at(day, 18),
        });
      } else if (roll < 0.82) {
        teleRows.push({ userId, companyId: service.companyId, day });
      } else if (exam) {
        const value = Math.round(exam.min + (exam.max - exam.min) * (0.4 + random() * 0.2));
        readingRows.push({
          patientId: userId,
          examId: exam.id,
          value,
          measuredAt: at(day, 7),
          createdAt: at(day, 7),
          updatedAt: at(day, 7),
          authorId: userId,
          authorKind: "paziente",
        });
      }
    }
  }
  await insertInChunks(bookingRows, (chunk) => db.insert(bookings).values(chunk));
  const teleBookings: { id: number }[] = [];
  await insertInChunks(teleRows, async (chunk) => {
    const ids = await db
      .insert(bookings)
      .values(
        chunk.map((r) => ({
          companyId: r.companyId,
          userId: r.userId,
          kind: "teleconsulto" as const,
          status: "evaso" as const,
          startAt: at(r.day, 11),
          endAt: at(r.day, 11),
          createdAt: at(r.day, 10),
          updatedAt: at(r.day, 11),
        })),
      )
      .returning({ id: bookings.id });
    teleBookings.push(...ids);
  });
  await insertInChunks(
    teleRows.map((r, i) => ({
      bookingId: (teleBookings[i] as { id: number }).id,
      companyId: r.companyId,
      userId: r.userId,
      kind: "specialistico" as const,
      positionRef: 2,
      open: false,
      connectedAt: at(r.day, 11),
      endedAt: at(r.day, 11),
      createdAt: at(r.day, 10),
    })),
    (chunk) => db.insert(teleconsults).values(chunk),
  );
  await insertInChunks(readingRows, (chunk) => db.insert(healthMeasurements).values(chunk));
  await runRollup(db, now);
}

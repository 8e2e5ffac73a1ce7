import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
import { companies, operators } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";
import { scheduleOf } from "./adherence.ts";
import { scheduledIntakes, TIME_ZONE } from "./schedule.ts";
import {
  healthExemptionPathologies,
  healthExemptions,
  healthPathologies,
  healthTherapies,
  healthTherapyIntakes,
} from "./tables.ts";

const DAY = 86_400_000;

/**
 * Something in every tab for the two demo patients: Maria Rossi's pathologies (one private), her
 * exemption 031 for hypertension, three therapies (one entered by Farmacia San Marco's operator, one
 * every 8 hours, one suspended) with 30 days of intakes marked at about 85%; Giuseppe Bianchi's
 * diabetes with its therapy and exemption 013. Start-up seed only (and the journeys); skipped when
 * Maria already has pathologies.
 */
export async function seedDemoTherapies(db: Database, now = Date.now()): Promise<number> {
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
    .select({ id: healthPathologies.id })
    .from(healthPathologies)
    .where(eq(healthPathologies.patientId, maria))
    .limit(1);
  if (existing.length > 0) return 0;
  const [pharmacy] = await db
    .select({ id: operators.companyId })
    .from(operators)
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(and(eq(operators.userId, operator)))
    .limit(1);
  const today = zonedDate(now, TIME_ZONE);
  const self = (patientId: number) => ({
    patientId,
    authorId: patientId,
    authorCompanyId: null,
    authorRole: "paziente" as const,
  });
  const byOperator = {
    patientId: maria,
    authorId: operator,
    authorCompanyId: pharmacy?.id ?? null,
    authorRole: "operatore" as const,
  };

  return db.transaction(async (tx) => {
    const [hypertension, , giuseppeDiabetes] = await tx
      .insert(healthPathologies)
      .values([
        {
          ...self(maria),
          name: "Ipertensione essenziale",
          type: "cronica",
          startDate: "2019-03-01",
          icd10Code: "I10",
          notes: "Controllo della pressione ogni mattina",
        },
        { ...self(maria), name: "Rinite allergica", type: "stagionale", startDate: "2015-04-01", icd10Code: "J30.4" },
        {
          ...self(giuseppe),
          name: "Diabete mellito tipo 2",
          type: "cronica",
          startDate: "2020-09-15",
          icd10Code: "E11",
        },
        // Private: only Maria sees it (issue 11 journey 3).
        {
          ...self(maria),
          name: "Emicrania",
          type: "acuta",
          startDate: addDays(today, -60),
          private: true,
          icd10Code: "G43",
        },
      ])
      .returning({ id: healthPathologies.id });
    const exemptions = await tx
      .insert(healthExemptions)
      .values([
        { ...self(maria), code: "031", validFrom: "2019-04-01" },
        { ...self(giuseppe), code: "013", validFrom: "2020-10-01" },
      ])
      .returning({ id: healthExemptions.id });
    await tx.insert(healthExemptionPathologies).values([
      { exemptionId: exemptions[0]?.id as number, pathologyId: hypertension?.id as number },
      { exemptionId: exemptions[1]?.id as number, pathologyId: giuseppeDiabetes?.id as number },
    ]);
    const common = {
      route: "orale",
      dosageUnit: "compressa",
      duration: "indeterminata",
      endDate: null,
      source: "medico_di_base",
    };
    const therapies = await tx
      .insert(healthTherapies)
      .values([
        {
          ...byOperator,
          ...common,
          pathologyId: hypertension?.id ?? null,
          drugCode: null,
          drugName: "Ramipril 5 mg",
          drugNotListed: true,
          dosage: 1,
          frequency: "volte_al_giorno",
          intakeMoments: ["mattina"],
          startDate: addDays(today, -45),
          prescriber: "Dott.ssa Anna Neri",
        },
        {
          ...self(maria),
          ...common,
          drugCode: "CP0001",
          drugName: "Tachipirina 20 compresse 500 mg",
          dosage: 1,
          frequency: "ogni_n_ore",
          frequencyEvery: 8,
          intakeMoments: ["mattina"],
          duration: "definita",
          startDate: addDays(today, -3),
          endDate: addDays(today, 4),
          prescriber: "Dott.ssa Anna Neri",
        },
        {
          ...self(maria),
          ...common,
          drugCode: null,
          drugName: "Cetirizina 10 mg",
          drugNotListed: true,
          dosage: 1,
          frequency: "volte_al_giorno",
          intakeMoments: ["sera"],
          startDate: addDays(today, -90),
          suspendedAt: new Date(now - 20 * DAY),
          prescriber: "Dott. Luca Bruno",
          source: "specialista",
        },
        {
          ...self(giuseppe),
          ...common,
          pathologyId: giuseppeDiabetes?.id ?? null,
          drugCode: null,
          drugName: "Metformina 500 mg",
          drugNotListed: true,
          dosage: 1,
          frequency: "volte_al_giorno",
          intakeMoments: ["pranzo", "sera"],
          startDate: addDays(today, -200),
          prescriber: "Dott. Giorgio Sala",
        },
      ])
      .returning();
    // Marks for the last 30 days, about 85% taken (every seventh one missed), none in the future.
    const marks = therapies.flatMap((therapy) =>
      scheduledIntakes(scheduleOf(therapy), addDays(today, -29), today)
        .filter((i) => i.at <= now)
        .map((i, index) => ({
          therapyId: therapy.id,
          scheduledAt: new Date(i.at),
          taken: index % 7 !== 3,
          markedBy: therapy.patientId,
        })),
    );
    if (marks.length > 0) await tx.insert(healthTherapyIntakes).values(marks);
    return therapies.length;
  });
}

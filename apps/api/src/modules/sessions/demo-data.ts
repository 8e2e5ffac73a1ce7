import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";
import { listSurveys } from "../surveys/index.ts";
import { surveySessionCompanies, surveySessionSurveys, surveySessions } from "./tables.ts";

const NAMES = {
  anonima: "Benessere in farmacia (anonima)",
  pseudonimizzata: "Screening umore (pseudonimizzata)",
  in_chiaro: "Valutazione cardiovascolare e umore (in chiaro)",
} as const;

/**
 * A survey session of each type at the demo pharmacy, over its demo surveys (seeded just before):
 * the in-clear one runs both surveys in order and needs the operator's signature within 3 days.
 * Returns how many sessions it added (0 when they exist, or the demo world is missing).
 */
export async function seedDemoSessions(db: Database): Promise<number> {
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"))
    .limit(1);
  if (!pharmacy) return 0;
  const existing = await db
    .select({ id: surveySessions.id })
    .from(surveySessions)
    .where(and(eq(surveySessions.companyId, pharmacy.id), inArray(surveySessions.name, Object.values(NAMES))));
  if (existing.length > 0) return 0;
  const { rows } = await listSurveys(db, { companyId: pharmacy.id, limit: 10, offset: 0 });
  const cardio = rows.find((s) => s.name === "Screening cardiovascolare");
  const phq9 = rows.find((s) => s.name.startsWith("PHQ-9"));
  if (!cardio || !phq9) return 0;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "farmacia.admin@cura.demo"))
    .limit(1);

  const sessions = [
    {
      type: "anonima" as const,
      surveys: [cardio.id],
      roles: ["amministratore", "operatore", "farmacista"],
      sign: false,
    },
    { type: "pseudonimizzata" as const, surveys: [phq9.id], roles: ["amministratore", "medico"], sign: false },
    { type: "in_chiaro" as const, surveys: [cardio.id, phq9.id], roles: ["amministratore", "farmacista"], sign: true },
  ];
  await db.transaction(async (tx) => {
    for (const s of sessions) {
      const [row] = await tx
        .insert(surveySessions)
        .values({
          companyId: pharmacy.id,
          name: NAMES[s.type],
          description: "Sessione dimostrativa della Farmacia San Marco",
          type: s.type,
          allowedRoles: s.roles,
          signatureRequired: s.sign,
          daysToSign: 3,
          createdBy: manager?.id ?? null,
        })
        .returning({ id: surveySessions.id });
      const sessionId = (row as { id: number }).id;
      await tx
        .insert(surveySessionSurveys)
        .values(s.surveys.map((surveyId, position) => ({ sessionId, surveyId, position })));
      await tx.insert(surveySessionCompanies).values({ sessionId, companyId: pharmacy.id, enabled: true });
    }
  });
  return sessions.length;
}

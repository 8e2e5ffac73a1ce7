import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { users } from "../../identity/tables.ts";
import { irstItems, irstUpdates } from "./tables.ts";

const DAY = 86_400_000;

/**
 * Maria Rossi's IRST reconciliation, so the page and an operator's reading have something to show:
 * two drugs of the catalogue (one she takes on her own), a herbal product (St John's wort, the
 * classic interaction with oncology drugs) and a vitamin, declared ten days ago. Start-up seed only
 * (and the journeys); skipped when she already has entries.
 */
export async function seedDemoIrst(db: Database, now = Date.now()): Promise<number> {
  const [maria] = await db.select({ id: users.id }).from(users).where(eq(users.email, "maria.rossi@cura.demo"));
  if (!maria) return 0;
  const [existing] = await db
    .select({ id: irstItems.id })
    .from(irstItems)
    .where(eq(irstItems.patientId, maria.id))
    .limit(1);
  if (existing) return 0;
  const declared = new Date(now - 10 * DAY);
  const author = { patientId: maria.id, authorId: maria.id, authorRole: "paziente" as const, createdAt: declared };
  const rows = await db
    .insert(irstItems)
    .values([
      {
        ...author,
        kind: "farmaco",
        name: "Cardioaspirin 30 compresse gastroresistenti 100 mg",
        productCode: "CP0016",
        dedupeKey: "code:CP0016",
        dosage: "1 compressa",
        frequency: "una_volta_al_giorno",
        route: "orale",
        prescriber: "medico_di_base",
      },
      {
        ...author,
        kind: "farmaco",
        name: "Tachipirina 20 compresse 500 mg",
        productCode: "CP0001",
        dedupeKey: "code:CP0001",
        dosage: "1 compressa",
        frequency: "al_bisogno",
        route: "orale",
        prescriber: "autonomo",
        notes: "Per il mal di testa",
      },
      {
        ...author,
        kind: "altro",
        name: "Iperico",
        productType: "fitoterapico",
        dedupeKey: "fitoterapico:iperico",
        dosage: "1 capsula",
        frequency: "una_volta_al_giorno",
      },
      {
        ...author,
        kind: "altro",
        name: "Vitamina D3",
        productType: "vitamine_minerali",
        dedupeKey: "vitamine_minerali:vitamina d3",
        dosage: "10 gocce",
        frequency: "settimanale",
      },
    ])
    .returning({ id: irstItems.id });
  await db.insert(irstUpdates).values({ ...author, kind: "variazione" });
  return rows.length;
}

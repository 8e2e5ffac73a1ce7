import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
// Seed code (start-up and journeys only): the demo people are found by their e-mail.
import { users } from "../identity/tables.ts";
import { caregiverRelations, emergencyContacts } from "./tables.ts";

/**
 * The care module's demo world (npm start, journeys; not the API tests' template): Giulia Esposito
 * cares for Maria Rossi with the health-data consent, and Maria has two emergency contacts.
 * Idempotent: the relation's pair is unique, and contacts are added only to an empty list.
 */
export async function seedDemoCare(db: Database): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giulia.esposito@cura.demo"]));
  const maria = people.find((p) => p.email === "maria.rossi@cura.demo")?.id;
  const giulia = people.find((p) => p.email === "giulia.esposito@cura.demo")?.id;
  if (maria === undefined || giulia === undefined) return;
  await db
    .insert(caregiverRelations)
    .values({ caregiverId: giulia, assistedId: maria, status: "enabled", healthData: true })
    .onConflictDoNothing();
  const existing = await db
    .select({ id: emergencyContacts.id })
    .from(emergencyContacts)
    .where(eq(emergencyContacts.userId, maria))
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(emergencyContacts).values([
    {
      userId: maria,
      type: 0,
      name: "Anna",
      surname: "Rossi",
      relationship: "familiare",
      regione: "Lazio",
      provincia: "RM",
      comune: "Roma",
      cap: "00184",
      address: "Via Cavour 10",
      telNumber: "3331234567",
    },
    {
      userId: maria,
      type: 1,
      name: "Croce Rossa Italiana - Comitato di Roma",
      surname: null,
      relationship: "assistenza",
      regione: "Lazio",
      provincia: "RM",
      comune: "Roma",
      cap: "00161",
      address: "Via Ramazzini 31",
      telNumber: "0655100511",
    },
  ]);
}

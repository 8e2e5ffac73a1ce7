import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
// Seed code (.dependency-cruiser.cjs): the demo people and the demo pharmacy's operator, by e-mail.
import { operators } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";
import { anamnesisEntries, annotations, reportSettings } from "./tables.ts";

/**
 * The health file's records in the demo world (issue 11 "something in every tab"): Maria Rossi's
 * anamnesis, and the notes Farmacia San Marco's operator wrote on her (one visible, one hidden SOAP
 * note); the pharmacy signs reports with a one-time code. Start-up seed only; skipped when Maria already has an anamnesis.
 */
export async function seedDemoRecords(db: Database): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "farmacia.operatore@cura.demo"]));
  const maria = people.find((p) => p.email === "maria.rossi@cura.demo")?.id;
  const operatorId = people.find((p) => p.email === "farmacia.operatore@cura.demo")?.id;
  if (maria === undefined || operatorId === undefined) return;
  const [already] = await db
    .select({ id: anamnesisEntries.id })
    .from(anamnesisEntries)
    .where(eq(anamnesisEntries.patientId, maria))
    .limit(1);
  if (already) return;
  const [staff] = await db
    .select({ companyId: operators.companyId })
    .from(operators)
    .where(eq(operators.userId, operatorId));
  await db.insert(anamnesisEntries).values([
    {
      patientId: maria,
      category: "allergie",
      description: "Penicillina (orticaria)",
      date: "1998-04-12",
      authorId: maria,
    },
    {
      patientId: maria,
      category: "interventi_ricoveri",
      description: "Appendicectomia",
      date: "2005-09-03",
      authorId: maria,
    },
    {
      patientId: maria,
      category: "condizioni_familiari",
      description: "Padre iperteso",
      authorId: operatorId,
      companyId: staff?.companyId ?? null,
    },
  ]);
  if (!staff) return;
  // The demo pharmacy asks for a one-time code to the signer's phone before a report is signed.
  await db.insert(reportSettings).values({ companyId: staff.companyId, otpRequired: true }).onConflictDoNothing();
  await db.insert(annotations).values([
    {
      patientId: maria,
      companyId: staff.companyId,
      authorId: operatorId,
      kind: "semplice",
      text: "Misurare la pressione ogni mattina prima della colazione.",
      visible: true,
    },
    {
      patientId: maria,
      companyId: staff.companyId,
      authorId: operatorId,
      kind: "soap",
      subjective: "Riferisce stanchezza nel pomeriggio.",
      objective: "PA 148/92, FC 78.",
      assessment: "Pressione sopra soglia: da monitorare.",
      plan: "Nuovo controllo tra una settimana.",
      visible: false,
    },
  ]);
}

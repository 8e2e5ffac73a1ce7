import { OPERATOR_PERMISSIONS, taxCodeCheckChar } from "@cura/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { seedDemoFdsAdhesions } from "../modules/admin/catalogue/demo-data.ts";
import { seedFdsCatalogue } from "../modules/admin/catalogue/reference.ts";
import { seedDemoReports } from "../modules/admin/reports/demo-data.ts";
import { seedDemoContacts } from "../modules/admin/users/demo-data.ts";
import { SUBSCRIPTION_GATED_REFS, seedDemoSubscriptions } from "../modules/billing/index.ts";
import { seedDemoBookings, seedDemoNoShows } from "../modules/bookings/demo-data.ts";
import { seedDemoCare } from "../modules/care/demo-data.ts";
import { familyMembers } from "../modules/care/tables.ts";
import { insertCompanyWithCode } from "../modules/companies/company-codes.ts";
import {
  addCompanyBasics,
  seedDemoCircle,
  seedDemoCompanies,
  seedDemoLibrary,
} from "../modules/companies/demo-data.ts";
import { type companies, companyServices, healthServices, operators } from "../modules/companies/tables.ts";
import { seedDocumentTemplates } from "../modules/documents/demo-data.ts";
import { seedAslReference } from "../modules/geo/index.ts";
import { seedHealthCatalogue } from "../modules/health/measurements/catalogue.ts";
import { seedDemoMeasurements } from "../modules/health/measurements/demo-data.ts";
import { seedDemoRecords } from "../modules/health/records/demo-data.ts";
import { seedDemoTherapies } from "../modules/health/therapies/demo-data.ts";
import { anagrafiche, users } from "../modules/identity/tables.ts";
import { seedDemoBots } from "../modules/notifications/bots/demo-data.ts";
import { seedDemoPopupQuestions } from "../modules/notifications/popup-questions/demo-data.ts";
import { companyPatients } from "../modules/patients/tables.ts";
import { seedDemoSessions } from "../modules/sessions/demo-data.ts";
import { seedDemoSurveys } from "../modules/surveys/demo-data.ts";
import { seedDemoIrst } from "../modules/surveys/irst/demo-data.ts";
import { hashPassword } from "../platform/auth/passwords.ts";
import type { Database, Transaction } from "./client.ts";

/** One password for every demo account; it satisfies the platform's password rules. */
export const DEMO_PASSWORD = "Cura-Demo-2026!";

export const demoAccounts = [
  { role: "Amministratore della piattaforma", email: "admin@cura.demo" },
  { role: "Farmacia – amministratore", email: "farmacia.admin@cura.demo" },
  { role: "Farmacia – operatore", email: "farmacia.operatore@cura.demo" },
  { role: "Centrale di monitoraggio – amm.", email: "monitoraggio.admin@cura.demo" },
  { role: "Centrale di monitoraggio – operatore", email: "monitoraggio.operatore@cura.demo" },
  { role: "Farmacia – farmacista (questionari)", email: "farmacia.farmacista@cura.demo" },
  { role: "Farmacia – infermiere (questionari)", email: "farmacia.infermiere@cura.demo" },
  { role: "Cittadina", email: "maria.rossi@cura.demo" },
  { role: "Cittadino", email: "giuseppe.bianchi@cura.demo" },
  { role: "Cittadina", email: "giulia.esposito@cura.demo" },
] as const;

const allPermissions = Object.values(OPERATOR_PERMISSIONS);
const cf = (first15: string) => first15 + taxCodeCheckChar(first15);

/**
 * Reference data every installation needs, demo or not: the health file's parameters, scales and
 * device models. Idempotent (existing rows are kept, so an administrator's corrections survive), run
 * at every start (main.ts).
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedHealthCatalogue(tx);
    await seedAslReference(tx);
    await seedFdsCatalogue(tx);
  });
}

export interface DemoPersonData {
  name: string;
  surname: string;
  cf?: string;
  gender?: "maschile" | "femminile";
  birthday?: string;
  comune?: string;
  provincia?: string;
  regione?: string;
  cap?: string;
  address?: string;
  tel: string;
}

/** A demo account of any type with its personal data, all contacts verified and consents given. */
export async function demoPerson(
  tx: Transaction,
  passwordHash: string,
  now: Date,
  email: string,
  type: 0 | 1 | 2,
  data: DemoPersonData,
): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      email,
      username: email.split("@")[0],
      passwordHash,
      type,
      iAm: type === 0 ? "cittadino" : type === 1 ? "operatore" : "admin",
      emailVerifiedAt: now,
      numberVerifiedAt: now,
      dataConsense: true,
      shareConsense: true,
      chargeConsense: true,
    })
    .returning({ id: users.id });
  const id = (user as { id: number }).id;
  await tx.insert(anagrafiche).values({
    userId: id,
    name: data.name,
    surname: data.surname,
    cf: data.cf ?? null,
    gender: data.gender ?? null,
    birthday: data.birthday ?? null,
    comune: data.comune ?? null,
    provincia: data.provincia ?? null,
    regione: data.regione ?? null,
    cap: data.cap ?? null,
    address: data.address ?? null,
    telNumber: data.tel,
  });
  return id;
}

/** Creates the demo world on an empty database; returns false when there was already data. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing[0]?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const now = new Date();
    const person = (email: string, type: 0 | 1 | 2, data: DemoPersonData) =>
      demoPerson(tx, passwordHash, now, email, type, data);

    await person("admin@cura.demo", 2, { name: "Alessandro", surname: "Conti", tel: "3330000001" });

    const pharmacy = await company(tx, {
      name: "Farmacia San Marco",
      level: 1,
      kind: "farmacia",
      subtype: "farmacia",
      comune: "Milano",
      provincia: "MI",
      regione: "Lombardia",
      cap: "20121",
      address: "Corso Garibaldi 12",
      lat: 45.4773,
      lng: 9.1815,
      email: "info@farmaciasanmarco.demo",
      phone: "0245678901",
      asl: "ATS della Città Metropolitana di Milano",
      picEnabled: true,
    });
    await service(tx, pharmacy, "Misurazione della pressione", 1, 15);
    await service(tx, pharmacy, "Elettrocardiogramma (ECG)", 1, 30);
    await service(tx, pharmacy, "Ritiro farmaci su prenotazione", 1, 15);
    await addCompanyBasics(tx, pharmacy, "farmacia");
    // The demo pharmacy also answers quick and paediatric teleconsultations (issue 10).
    await tx
      .insert(companyServices)
      .values([10, 11].map((positionRef) => ({ companyId: pharmacy, positionRef, slotMinutes: 15 })));
    await seedDemoLibrary(tx, pharmacy);

    const room = await company(tx, {
      name: "Centrale di Monitoraggio Lazio",
      level: 5,
      kind: "centrale",
      subtype: "centrale_monitoraggio",
      comune: "Roma",
      provincia: "RM",
      regione: "Lazio",
      cap: "00185",
      address: "Via Merulana 45",
      lat: 41.8935,
      lng: 12.504,
      email: "centrale@monitoraggiolazio.demo",
      phone: "0612345678",
      forceableNumberVerification: true,
      asl: "ASL Roma 1",
      defaultControlRoom: true,
    });
    await service(tx, room, "Telemonitoraggio pazienti cronici", 8, 30);
    await service(tx, room, "Televisita di controllo", 2, 20);
    await addCompanyBasics(tx, room, "centrale");
    const providers = await seedDemoCompanies(tx, { monitoringRoomId: room, pharmacyId: pharmacy });

    const staff = async (
      email: string,
      companyId: number,
      name: string,
      surname: string,
      tel: string,
      admin: boolean,
    ) => {
      const id = await person(email, 1, { name, surname, tel });
      await tx.insert(operators).values({
        userId: id,
        companyId,
        role: admin ? "amministratore" : "operatore",
        permissions: admin ? allPermissions : [],
      });
    };
    await staff("farmacia.admin@cura.demo", pharmacy, "Lucia", "Ferrari", "3330000011", true);
    await staff("farmacia.operatore@cura.demo", pharmacy, "Marco", "Galli", "3330000012", false);
    await staff("monitoraggio.admin@cura.demo", room, "Paolo", "Marini", "3330000021", true);
    await staff("monitoraggio.operatore@cura.demo", room, "Sara", "Greco", "3330000022", false);

    const maria = await person("maria.rossi@cura.demo", 0, {
      name: "Maria",
      surname: "Rossi",
      cf: cf("RSSMRA85M41F205"),
      gender: "femminile",
      birthday: "1985-08-01",
      comune: "Milano",
      provincia: "MI",
      regione: "Lombardia",
      cap: "20135",
      address: "Via Bergamo 7",
      tel: "3471234567",
    });
    const giuseppe = await person("giuseppe.bianchi@cura.demo", 0, {
      name: "Giuseppe",
      surname: "Bianchi",
      cf: cf("BNCGPP52C12H501"),
      gender: "maschile",
      birthday: "1952-03-12",
      comune: "Roma",
      provincia: "RM",
      regione: "Lazio",
      cap: "00162",
      address: "Via Nomentana 210",
      tel: "3389876543",
    });
    await person("giulia.esposito@cura.demo", 0, {
      name: "Giulia",
      surname: "Esposito",
      cf: cf("SPSGLI99E52F839"),
      gender: "femminile",
      birthday: "1999-05-12",
      comune: "Napoli",
      provincia: "NA",
      regione: "Campania",
      cap: "80121",
      address: "Via Chiaia 31",
      tel: "3204455667",
    });
    // Documents to sign (issue 10): the consent and the privacy notice at every demo company.
    await seedDocumentTemplates(tx, [pharmacy, room, ...providers.values()]);
    await seedDemoCircle(tx, maria, [pharmacy, providers.get("Poliambulatorio Città Studi") as number]);
    await seedDemoCircle(tx, giuseppe, [providers.get("Farmacia Trastevere") as number]);
    // The parameters, scales and device models of the health file (reference data).
    await seedHealthCatalogue(tx);
    await seedAslReference(tx);
    // Every demo company running a teleconsult service is subscribed to it (issue 10).
    await seedDemoSubscriptions(
      tx,
      await tx
        .select({ companyId: companyServices.companyId, positionRef: companyServices.positionRef })
        .from(companyServices)
        .where(inArray(companyServices.positionRef, [...SUBSCRIPTION_GATED_REFS])),
    );
  });
  return true;
}

/** Demo companies get random codes like real ones: a known demo code would let anyone ask to join. */
async function company(tx: Transaction, values: Omit<typeof companies.$inferInsert, "code">): Promise<number> {
  return (await insertCompanyWithCode(tx, values)).id;
}

async function service(tx: Transaction, companyId: number, name: string, positionRef: number, slotMinutes: number) {
  await tx.insert(healthServices).values({ companyId, name, positionRef, slotMinutes });
}

/**
 * Activity relative to today (bookings at the demo pharmacy), for a fresh `npm start` and the
 * journeys. The API tests' template has none, so their counts stay their own.
 */
export async function seedDemoActivity(db: Database): Promise<void> {
  await seedDemoBookings(db);
  await seedDemoNoShows(db);
  await seedDemoHealthPatients(db);
  await seedDemoMeasurements(db);
  await seedDemoRecords(db);
  await seedDemoTherapies(db);
  await seedDemoChild(db);
  await seedDemoCare(db);
  // Screening activities, PHQ-9 and their fills at the demo pharmacy (issue 13).
  await seedDemoSurveys(db);
  // Maria Rossi's IRST therapy reconciliation (issue 13).
  await seedDemoIrst(db);
  // A survey session of each type at the demo pharmacy (issue 13), and two operators who administer them.
  await seedDemoSurveyStaff(db);
  await seedDemoSessions(db);
  // One popup question live for citizens (issue 12).
  await seedDemoPopupQuestions(db);
  // Giuseppe Bianchi's Telegram chat, a reminder channel (issue 12).
  await seedDemoBots(db);
  // The back office's public contact messages and 'farmacia dei servizi' adhesions (issue 14).
  await seedDemoContacts(db);
  await seedDemoFdsAdhesions(db);
  // Last: a year of activity for the reports, and their rollups over everything above (issue 14).
  await seedDemoReports(db);
}

/**
 * The health file's demo patients (issue 11): Maria Rossi followed by Farmacia San Marco, Giuseppe
 * Bianchi by the monitoring room, with their consent recorded, so those companies' operators open
 * their health files. Not in the API tests' template (their patients tests start without links).
 */
async function seedDemoHealthPatients(db: Database): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo"]));
  const staff = await db
    .select({ email: users.email, companyId: operators.companyId })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .where(inArray(users.email, ["farmacia.operatore@cura.demo", "monitoraggio.operatore@cura.demo"]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const companyOf = (email: string) => staff.find((s) => s.email === email)?.companyId;
  const links = [
    { userId: idOf("maria.rossi@cura.demo"), companyId: companyOf("farmacia.operatore@cura.demo") },
    { userId: idOf("giuseppe.bianchi@cura.demo"), companyId: companyOf("monitoraggio.operatore@cura.demo") },
  ].filter((l): l is { userId: number; companyId: number } => l.userId !== undefined && l.companyId !== undefined);
  if (links.length === 0) return;
  await db
    .insert(companyPatients)
    .values(links.map((link) => ({ ...link, origin: "modifica" as const, consentAt: new Date() })))
    .onConflictDoNothing();
}

/**
 * Two operators of Farmacia San Marco who only administer surveys ('somministrare questionari', issue
 * 13's sessions): a pharmacist, a role the demo sessions allow, and a nurse, a role the in-clear one
 * does not ('Permesso somministrazione mancante'). Start-up seed only (and the journeys): the API
 * tests' template keeps its operators. Skipped when they exist.
 */
async function seedDemoSurveyStaff(db: Database): Promise<void> {
  const [pharmacy] = await db
    .select({ companyId: operators.companyId })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .where(eq(users.email, "farmacia.admin@cura.demo"));
  if (!pharmacy) return;
  const people = [
    { email: "farmacia.farmacista@cura.demo", name: "Elena", surname: "Riva", tel: "3330000013", role: "farmacista" },
    { email: "farmacia.infermiere@cura.demo", name: "Luca", surname: "Fontana", tel: "3330000014", role: "infermiere" },
  ];
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        people.map((p) => p.email),
      ),
    );
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const p of people) {
      const userId = await demoPerson(tx, passwordHash, now, p.email, 1, p);
      await tx.insert(operators).values({
        userId,
        companyId: pharmacy.companyId,
        role: p.role,
        permissions: [OPERATOR_PERMISSIONS.administerSurveys],
      });
    }
  });
}

/**
 * A citizen with a child for the paediatric teleconsultation (issue 10): Giuseppe Bianchi's
 * grandson, in the paediatric age band. Idempotent (one tax code once per citizen).
 */
async function seedDemoChild(db: Database): Promise<void> {
  const [giuseppe] = await db.select({ id: users.id }).from(users).where(eq(users.email, "giuseppe.bianchi@cura.demo"));
  if (!giuseppe) return;
  await db
    .insert(familyMembers)
    .values({
      userId: giuseppe.id,
      name: "Leonardo",
      surname: "Bianchi",
      taxCode: cf("BNCLRD19P15H501"),
      ageBand: "pediatrico",
      relationship: "nipote",
      gender: "M",
    })
    .onConflictDoNothing();
}

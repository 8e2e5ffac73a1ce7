import {
  AGE_MESSAGES,
  BOOKING_MESSAGES,
  COMPANY_MESSAGES,
  PATIENT_MESSAGES,
  TAX_CODE_MESSAGE,
  taxCodeCheckChar,
} from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { companyServices } from "../companies/tables.ts";
import { companyHashid, demoCallers, nextMonday, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** A health service of Farmacia San Marco, open Monday to Friday 08:00–18:00, 30-minute slots. */
let service: string;
/** An agenda/ASL service (ref 5) of Farmacia San Marco, same hours. */
let aslService: string;
/** Maria Rossi: Farmacia San Marco is in her care circle, so she is one of its patients. */
let maria: string;
const monday = nextMonday();
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
const cf = (first15: string) => first15 + taxCodeCheckChar(first15);
const yesterday = () => addDays(zonedDate(Date.now(), "Europe/Rome"), -1);

const newPatient = (overrides: Record<string, unknown> = {}) => ({
  name: "Luca",
  surname: "Verdi",
  cf: cf("VRDLCU80A01F205"),
  tel_number: "3351234567",
  email: "luca.verdi@example.it",
  ...overrides,
});

async function createService(name: string, positionRef: number): Promise<string> {
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name,
    slot_minutes: 30,
    position_ref: positionRef,
  });
  expect(created.statusCode, created.body).toBe(201);
  const hashid = created.json().data.hashid as string;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
  return hashid;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  service = await createService("Visita di controllo", 1);
  aslService = await createService("Prenotazione CUP ASL", 5);
  const list = (await people.pharmacyOperator.get("companies/own/patients?q=rossi")).json();
  maria = list.data.find((p: { surname: string }) => p.surname === "Rossi").hashid;
});
afterAll(() => t.close());

describe("GET companies/own/patients and patients/list", () => {
  it("lists the company's patients (care circle, bookings, registrations) with search and paging", async () => {
    const response = await people.pharmacyOperator.get("companies/own/patients");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 20 });
    const surnames = body.data.map((p: { surname: string }) => p.surname);
    expect(surnames).toContain("Rossi");
    // Giuseppe Bianchi chose another pharmacy: not a patient here.
    expect(surnames).not.toContain("Bianchi");
    expect(body.data.find((p: { surname: string }) => p.surname === "Rossi")).toMatchObject({
      name: "Maria",
      cf: cf("RSSMRA85M41F205"),
      in_care_circle: true,
      registered: false,
      active: true,
      consent: false,
    });

    const found = (await people.pharmacyOperator.get("companies/own/patients?q=MARIA%20ROSSI")).json();
    expect(found.data.map((p: { hashid: string }) => p.hashid)).toEqual([maria]);
    const none = (await people.pharmacyOperator.get("companies/own/patients?q=zzzz")).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });

    const compact = await people.pharmacyOperator.get("companies/own/patients/list?q=ross");
    expect(compact.statusCode).toBe(200);
    expect(compact.json().data).toEqual([
      { hashid: maria, name: "Maria", surname: "Rossi", cf: expect.any(String), birthday: "1985-08-01" },
    ]);
  });

  it("shows another company nothing of these patients, and refuses citizens, administrators and bad input", async () => {
    const room = (await people.roomOperator.get("companies/own/patients?per_page=100")).json();
    expect(room.data.map((p: { hashid: string }) => p.hashid)).not.toContain(maria);
    expect((await people.citizen.get("companies/own/patients")).statusCode).toBe(403);
    expect((await people.admin.get("companies/own/patients/list")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/companies/own/patients" })).statusCode).toBe(401);
    expect((await people.pharmacyOperator.get("companies/own/patients?per_page=1000")).statusCode).toBe(422);
    expect((await people.pharmacyOperator.get("companies/own/patients?active=forse")).statusCode).toBe(422);
  });

  it("answers the patient card to the company's operators only", async () => {
    const card = await people.pharmacyOperator.get(`companies/own/patients/${maria}`);
    expect(card.statusCode).toBe(200);
    expect(card.json().data).toMatchObject({ hashid: maria, surname: "Rossi", email: accounts.citizen });
    const other = await people.roomOperator.get(`companies/own/patients/${maria}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PATIENT_MESSAGES.notFound);
    expect((await people.citizen.get(`companies/own/patients/${maria}`)).statusCode).toBe(403);
    // Giuseppe exists, but is no patient of the pharmacy.
    const bianchi = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const giuseppe = ids.encode((bianchi[0] as { id: number }).id);
    expect((await people.pharmacyOperator.get(`companies/own/patients/${giuseppe}`)).statusCode).toBe(404);
  });

  it("refuses a company that runs neither the patients nor the bookings service (403)", async () => {
    const lab = await operatorOf(t, await companyHashid(people.citizen, "Laboratorio Analisi Lombardo"));
    const roomId = ids.decode(await ownCompanyHashid(people.roomOperator)) as number;
    await t.database.db
      .update(companyServices)
      .set({ active: false })
      .where(and(eq(companyServices.companyId, roomId), eq(companyServices.positionRef, 4)));
    try {
      const refused = await people.roomOperator.get("companies/own/patients");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(COMPANY_MESSAGES.serviceNotEnabled);
      // A laboratory runs bookings and patients: allowed, with its own (empty) list.
      expect((await lab.get("companies/own/patients")).statusCode).toBe(200);
      // It runs no ASL appointments service (ref 5).
      expect((await lab.get("companies/own/appointments")).statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(companyServices)
        .set({ active: true })
        .where(and(eq(companyServices.companyId, roomId), eq(companyServices.positionRef, 4)));
    }
  });
});

describe("POST companies/paziente/register", () => {
  it("creates a citizen account without password, linked to the company, by the operator", async () => {
    const response = await people.pharmacyOperator.call("POST", "companies/paziente/register", newPatient());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ created: true, message: PATIENT_MESSAGES.registered });
    expect(body.data).toMatchObject({
      name: "Luca",
      surname: "Verdi",
      birthday: "1980-01-01",
      gender: "maschile",
      email: "luca.verdi@example.it",
      registered: true,
      phone_verified: false,
      bookings: 0,
    });
    const id = ids.decode(body.data.hashid) as number;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ type: 0, passwordHash: null, marketingConsense: false, dataConsense: false });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.registered"), eq(auditLog.entityId, String(id))));
    const operator = await t.database.db.select().from(users).where(eq(users.email, accounts.pharmacyOperator));
    expect(audit[0]?.actorUserId).toBe((operator[0] as { id: number }).id);

    // "My patients": the operator who registered them, not a colleague.
    const mine = (await people.pharmacyOperator.get("users/own/patients")).json().data;
    expect(mine.map((p: { hashid: string }) => p.hashid)).toContain(body.data.hashid);
    const colleague = (await people.pharmacyAdmin.get("users/own/patients")).json().data;
    expect(colleague.map((p: { hashid: string }) => p.hashid)).not.toContain(body.data.hashid);
    expect((await people.citizen.get("users/own/patients")).statusCode).toBe(403);

    // The same tax code again: the existing citizen, already linked.
    const again = await people.pharmacyOperator.call("POST", "companies/paziente/register", newPatient({ email: "" }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, data: { hashid: body.data.hashid } });
  });

  it("creates one account when two operators register the same new patient at once", async () => {
    const body = newPatient({ cf: cf("NRELSE70A41H501"), name: "Elisa", surname: "Neri", email: null });
    const answers = await Promise.all(
      [people.pharmacyOperator, people.pharmacyAdmin].map((c) => c.call("POST", "companies/paziente/register", body)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200 || s === 409)).toHaveLength(1);
    const { anagrafiche } = await import("../identity/tables.ts");
    const rows = await t.database.db
      .select()
      .from(anagrafiche)
      .where(eq(anagrafiche.cf, body.cf as string));
    expect(rows).toHaveLength(1);
  });

  it("links an existing citizen found by tax code without touching their data", async () => {
    const register = (name: string, surname: string) =>
      people.roomOperator.call("POST", "companies/paziente/register", {
        name,
        surname,
        cf: `tinit-${cf("RSSMRA85M41F205").toLowerCase()}`,
        tel_number: "3399999999",
      });
    // The tax code alone is not enough: the names must be the record's.
    const guessed = await register("Anna", "Rossi");
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json().errors.cf).toEqual([PATIENT_MESSAGES.namesMismatch]);
    expect((await people.roomOperator.get(`companies/own/patients/${maria}`)).statusCode).toBe(404);

    const response = await register(" MARIA ", "rossi");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      created: false,
      message: PATIENT_MESSAGES.linked,
      data: { hashid: maria, name: "Maria", surname: "Rossi", registered: true },
    });
    expect((await people.roomOperator.get(`companies/own/patients/${maria}`)).statusCode).toBe(200);
  });

  it("validates tax code, names, birth date, phone and e-mail (422 by field)", async () => {
    const register = (body: Record<string, unknown>) =>
      people.pharmacyOperator.call("POST", "companies/paziente/register", body);
    const bad = await register(
      newPatient({ cf: "RSSMRA85M41F20", name: " ", tel_number: "0212", email: "non-valida" }),
    );
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.cf).toEqual([TAX_CODE_MESSAGE]);
    expect(errors.name).toEqual([PATIENT_MESSAGES.required]);
    expect(errors.tel_number).toBeDefined();
    expect(errors.email).toBeDefined();

    const minor = await register(newPatient({ cf: cf("VRDLCU15A01F205"), email: null }));
    expect(minor.statusCode).toBe(422);
    expect(minor.json().errors.birthday).toEqual([AGE_MESSAGES.registration]);
    const mismatch = await register(newPatient({ cf: cf("BLUNNA90A41F205"), birthday: "1990-01-02" }));
    expect(mismatch.json().errors.birthday).toEqual([PATIENT_MESSAGES.birthdayMismatch]);

    const taken = await register(newPatient({ cf: cf("BLUNNA90A41F205"), email: accounts.citizen3 }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBeDefined();
    expect((await people.citizen.call("POST", "companies/paziente/register", newPatient())).statusCode).toBe(403);
  });
});

describe("PUT companies/own/assistito/anagrafica/{id} and PATCH companies/own/assistito/{id}", () => {
  const anagrafica = {
    name: "Maria",
    surname: "Rossi",
    cf: cf("RSSMRA85M41F205"),
    birthday: "1985-08-01",
    regione: "Lombardia",
    provincia: "MI",
    comune: "Milano",
    cap: "20135",
    address: "Via Bergamo 9",
    tel_number: "3471234567",
  };

  it("lets the company's operator correct the record; others get 404, bad input 422", async () => {
    const response = await people.pharmacyOperator.call(
      "PUT",
      `companies/own/assistito/anagrafica/${maria}`,
      anagrafica,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: PATIENT_MESSAGES.updated, data: { address: "Via Bergamo 9" } });

    const bianchi = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const giuseppe = ids.encode((bianchi[0] as { id: number }).id);
    const notOurs = await people.pharmacyOperator.call(
      "PUT",
      `companies/own/assistito/anagrafica/${giuseppe}`,
      anagrafica,
    );
    expect(notOurs.statusCode).toBe(404);
    const invalid = await people.pharmacyOperator.call("PUT", `companies/own/assistito/anagrafica/${maria}`, {
      ...anagrafica,
      cap: null,
      cf: "XXX",
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(["cf", "cap"]));
    const citizen = await people.citizen.call("PUT", `companies/own/assistito/anagrafica/${maria}`, anagrafica);
    expect(citizen.statusCode).toBe(403);
  });

  it("archives and reactivates a patient and records their consent", async () => {
    const consent = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json().data).toMatchObject({ consent: true, consent_at: expect.any(String), active: true });

    const archived = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { active: false });
    expect(archived.json().data).toMatchObject({ active: false, consent: true });
    const picker = (await people.pharmacyOperator.get("companies/own/patients/list")).json().data;
    expect(picker.map((p: { hashid: string }) => p.hashid)).not.toContain(maria);
    const onlyArchived = (await people.pharmacyOperator.get("companies/own/patients?active=false")).json().data;
    expect(onlyArchived.map((p: { hashid: string }) => p.hashid)).toEqual([maria]);
    const refused = await people.pharmacyOperator.call("POST", `companies/own/patients/${maria}/reservations`, {
      health_service: service,
      start: slot(1, "09:00"),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PATIENT_MESSAGES.archived);

    const back = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { active: true });
    expect(back.json().data.active).toBe(true);

    expect((await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, {})).statusCode).toBe(422);
    expect(
      (await people.roomAdmin.call("PATCH", `companies/own/assistito/${ids.encode(999999)}`, { active: true }))
        .statusCode,
    ).toBe(404);
    expect((await people.citizen.call("PATCH", `companies/own/assistito/${maria}`, { active: true })).statusCode).toBe(
      403,
    );
  });
});

describe("POST companies/own/patients/{id}/reservations", () => {
  it("books a free slot for the patient, confirmed at once; the same slot again is 409", async () => {
    const start = slot(2, "10:00");
    const response = await people.pharmacyOperator.call("POST", `companies/own/patients/${maria}/reservations`, {
      health_service: service,
      start,
      operator_notes: "Prenotata al banco",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: PATIENT_MESSAGES.booked,
      data: {
        status: "confermato",
        start,
        operator_notes: "Prenotata al banco",
        citizen: { hashid: maria },
        health_service: { hashid: service },
      },
    });
    const slots = (
      await people.citizen.get(
        `healthservices/slots/array/${service}?from=${addDays(monday, 2)}&to=${addDays(monday, 2)}`,
      )
    ).json();
    expect(slots.data.days[0].slots.map((s: { start: string }) => s.start)).not.toContain(start);

    const taken = await people.pharmacyAdmin.call("POST", `companies/own/patients/${maria}/reservations`, {
      health_service: service,
      start,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(BOOKING_MESSAGES.slotTaken);

    // Two operators racing for one slot: one booking, one 409.
    const race = slot(2, "11:00");
    const answers = await Promise.all(
      [people.pharmacyOperator, people.pharmacyAdmin].map((c) =>
        c.call("POST", `companies/own/patients/${maria}/reservations`, { health_service: service, start: race }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it("enters a past visit with service, date and time (required), confirmed, never in the future", async () => {
    const url = `companies/own/patients/${maria}/reservations`;
    const missing = await people.pharmacyOperator.call("POST", url, { past: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      health_service: [PATIENT_MESSAGES.serviceRequired],
      date: [PATIENT_MESSAGES.dateRequired],
      time: [PATIENT_MESSAGES.timeRequired],
    });
    const future = await people.pharmacyOperator.call("POST", url, {
      health_service: service,
      past: true,
      date: addDays(monday, 1),
      time: "09:00",
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.date).toEqual([PATIENT_MESSAGES.pastOnly]);
    const ancient = await people.pharmacyOperator.call("POST", url, {
      health_service: service,
      past: true,
      date: "2000-01-01",
      time: "09:00",
    });
    expect(ancient.json().errors.date).toEqual([PATIENT_MESSAGES.tooOld]);
    const noSlot = await people.pharmacyOperator.call("POST", url, { health_service: service });
    expect(noSlot.json().errors.start).toEqual([PATIENT_MESSAGES.slotRequired]);

    const date = yesterday();
    const past = await people.pharmacyOperator.call("POST", url, {
      health_service: service,
      past: true,
      date,
      time: "07:15",
    });
    expect(past.statusCode, past.body).toBe(201);
    const booking = past.json().data;
    expect(booking).toMatchObject({
      status: "confermato",
      start: new Date(zonedToInstant(date, "07:15", "Europe/Rome")).toISOString(),
    });

    // The journey: close it and another confirmed booking in one go.
    const other = await people.pharmacyOperator.call("POST", url, {
      health_service: service,
      past: true,
      date,
      time: "08:00",
    });
    expect(other.statusCode, other.body).toBe(201);
    const closed = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", {
      ids: [booking.hashid, other.json().data.hashid],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.map((b: { status: string }) => b.status)).toEqual(["evaso", "evaso"]);
  });

  it("refuses another company's patient (404) or service (422), citizens (403)", async () => {
    const url = `companies/own/patients/${maria}/reservations`;
    const roomService = (await people.roomAdmin.get("companies/own/healthservices")).json().data[0].hashid;
    const foreign = await people.pharmacyOperator.call("POST", url, {
      health_service: roomService,
      start: slot(3, "09:00"),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.health_service).toEqual([PATIENT_MESSAGES.serviceRequired]);
    const giuseppeRows = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const giuseppe = ids.encode((giuseppeRows[0] as { id: number }).id);
    const notOurs = await people.pharmacyOperator.call("POST", `companies/own/patients/${giuseppe}/reservations`, {
      health_service: service,
      start: slot(3, "09:00"),
    });
    expect(notOurs.statusCode).toBe(404);
    const notASlot = await people.pharmacyOperator.call("POST", url, {
      health_service: service,
      start: slot(3, "09:10"),
    });
    expect(notASlot.statusCode).toBe(409);
    expect(
      (await people.citizen.call("POST", url, { health_service: service, start: slot(3, "09:00") })).statusCode,
    ).toBe(403);
  });
});

describe("GET reservations/company/users/{x} and GET companies/own/appointments", () => {
  it("lists the patient's bookings at the company only", async () => {
    // Maria's own booking elsewhere would not show; her bookings here do.
    const response = await people.pharmacyOperator.get(`reservations/company/users/${maria}`);
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Array<{ company: { name: string }; citizen: { hashid: string } }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((b) => b.company.name === "Farmacia San Marco" && b.citizen.hashid === maria)).toBe(true);
    expect((await people.roomOperator.get(`reservations/company/users/${ids.encode(999999)}`)).statusCode).toBe(404);
    expect((await people.citizen.get(`reservations/company/users/${maria}`)).statusCode).toBe(403);
  });

  it("lists ASL appointments: bookings of the company's ref-5 services", async () => {
    const before = (await people.pharmacyOperator.get("companies/own/appointments")).json();
    expect(before.data).toEqual([]);
    const booked = await people.pharmacyOperator.call("POST", `companies/own/patients/${maria}/reservations`, {
      health_service: aslService,
      start: slot(4, "09:00"),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = (await people.pharmacyOperator.get("companies/own/appointments")).json();
    expect(after.meta.total).toBe(1);
    expect(after.data[0]).toMatchObject({ hashid: booked.json().data.hashid, health_service: { hashid: aslService } });
    expect((await people.citizen.get("companies/own/appointments")).statusCode).toBe(403);
    expect((await people.pharmacyOperator.get("companies/own/appointments?page=0")).statusCode).toBe(422);
  });
});

describe("POST companies/own/patients/{id}/orders", () => {
  it("records a confirmed product order for the patient, with names from the medicine list", async () => {
    const search = await people.pharmacyOperator.get("utilities/products/paracetamolo/search");
    expect(search.statusCode, search.body).toBe(200);
    const product = search.json().data[0] as { code: string; name: string };
    const url = `companies/own/patients/${maria}/orders`;
    const response = await people.pharmacyOperator.call("POST", url, {
      products: [{ code: product.code, quantity: 2 }],
      operator_notes: "Ritira domani",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: PATIENT_MESSAGES.ordered,
      data: {
        kind: "prodotto",
        status: "confermato",
        health_service: null,
        start: null,
        citizen: { hashid: maria },
        products: [{ code: product.code, quantity: 2, name: expect.stringContaining(product.name) }],
      },
    });

    const empty = await people.pharmacyOperator.call("POST", url, { products: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.products).toEqual([PATIENT_MESSAGES.productsRequired]);
    const unknown = await people.pharmacyOperator.call("POST", url, { products: [{ code: "NONESISTE", quantity: 1 }] });
    expect(unknown.statusCode).toBe(422);
    // Giuseppe is no patient of the pharmacy.
    const bianchi = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const giuseppe = ids.encode((bianchi[0] as { id: number }).id);
    const notOurs = await people.pharmacyOperator.call("POST", `companies/own/patients/${giuseppe}/orders`, {
      products: [{ code: product.code, quantity: 1 }],
    });
    expect(notOurs.statusCode).toBe(404);
    expect(
      (await people.citizen.call("POST", url, { products: [{ code: product.code, quantity: 1 }] })).statusCode,
    ).toBe(403);
  });
});

describe("GET familymembers/members/user/{id}", () => {
  it("shows a patient's family members to the company's operators only", async () => {
    const added = await people.citizen.call("POST", "familymembers", {
      name: "Luca",
      surname: "Rossi",
      tax_code: cf("RSSLCU15A01F205"),
      age_band: "pediatrico",
      relationship: "figlio",
      gender: "M",
    });
    expect(added.statusCode, added.body).toBe(201);
    const response = await people.pharmacyOperator.get(`familymembers/members/user/${maria}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({ name: "Luca", surname: "Rossi", relationship: "figlio" }),
    ]);
    const bianchi = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const giuseppe = ids.encode((bianchi[0] as { id: number }).id);
    expect((await people.pharmacyOperator.get(`familymembers/members/user/${giuseppe}`)).statusCode).toBe(404);
    expect((await people.citizen.get(`familymembers/members/user/${maria}`)).statusCode).toBe(403);
  });
});

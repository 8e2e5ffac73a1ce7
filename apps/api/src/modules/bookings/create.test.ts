import { BOOKING_MESSAGES, PRESCRIPTION_MESSAGES, taxCodeCheckChar } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, caller, demoCallers, nextMonday, ownCompanyHashid } from "../companies/test-helpers.ts";
import { anagrafiche, users } from "../identity/tables.ts";
import { bookings } from "./tables.ts";

/** POST reservations in every way the wizard sends it (spec 001 screens 12–14). */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let citizen3: Caller;
/** A health service of Farmacia San Marco, open Monday to Friday 09:00–12:00, 60-minute slots. */
let service: string;
let pharmacy: string;
let room: string;
let luca: string;
const monday = nextMonday();
const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
const preferences = [
  { date: addDays(monday, 0), slot: "mattina" },
  { date: addDays(monday, 1), slot: "pomeriggio" },
  { date: addDays(monday, 2), slot: "tutto_il_giorno" },
];
const nre = "120A1 2345678901";

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  citizen3 = caller(t, await t.login(accounts.citizen3));
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Holter cardiaco",
    slot_minutes: 60,
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "09:00", to: "12:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  const first15 = "RSSLCU15A01F205";
  const member = await people.citizen.call("POST", "familymembers", {
    name: "Luca",
    surname: "Rossi",
    tax_code: `${first15}${taxCodeCheckChar(first15)}`,
    age_band: "pediatrico",
    relationship: "figlio",
    gender: "M",
  });
  expect(member.statusCode, member.body).toBe(201);
  luca = member.json().data.hashid;
});
afterAll(() => t.close());

const slotStarts = async (day: number) => {
  const date = addDays(monday, day);
  const answer = (await people.citizen.get(`healthservices/slots/array/${service}?from=${date}&to=${date}`)).json();
  return (answer.data.days[0]?.slots ?? []).map((s: { start: string }) => s.start) as string[];
};

describe("POST reservations: a health service", () => {
  it("books a free slot for a family member, with an NRE", async () => {
    const start = slot(3, "09:00");
    const response = await people.citizen.call("POST", "reservations", {
      health_service: service,
      start,
      family_member: luca,
      nre,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      kind: "prestazione",
      status: "ricevuto",
      start,
      end: slot(3, "10:00"),
      preferences: null,
      products: null,
      nre: "120A12345678901",
      rev: null,
      health_service: { hashid: service, name: "Holter cardiaco" },
      family_member: { hashid: luca, name: "Luca", surname: "Rossi" },
      citizen: { name: "Maria", surname: "Rossi" },
    });
    expect(await slotStarts(3)).not.toContain(start);
    // The booking reads the same in the lists and the detail.
    const hashid = response.json().data.hashid;
    const detail = await people.pharmacyOperator.get(`reservations/details/all/${hashid}`);
    expect(detail.json().data.family_member).toMatchObject({ name: "Luca" });
  });

  it("takes 3 preferences without holding a slot; the company then proposes a date the citizen accepts", async () => {
    const response = await people.citizen.call("POST", "reservations", {
      health_service: service,
      preferences: [preferences[2], preferences[0], preferences[1]],
      notes: "Preferisco il mattino",
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json().data;
    // Kept in date order.
    expect(booking).toMatchObject({ start: null, end: null, preferences, notes: "Preferisco il mattino" });
    expect(await slotStarts(0)).toContain(slot(0, "09:00"));

    // Confirming needs a time first.
    const early = await people.pharmacyOperator.call("GET", `reservations/company/confirm/${booking.hashid}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.timeRequired);

    // Notes stay editable while there is no time.
    const notes = await people.citizen.call("PATCH", `reservations/notes/${booking.hashid}`, { notes: "Anche sera" });
    expect(notes.statusCode, notes.body).toBe(200);

    const proposed = await people.pharmacyOperator.call("PUT", `reservations/date/change/${booking.hashid}`, {
      start: slot(0, "10:00"),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ status: "in_attesa", start: null, proposed_start: slot(0, "10:00") });
    expect(await slotStarts(0)).not.toContain(slot(0, "10:00"));
    const accepted = await people.citizen.call("GET", `reservations/user/confirm/${booking.hashid}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: "confermato", start: slot(0, "10:00"), proposed_start: null });
  });

  it("takes a request with no preference (an empty list) that the company answers with a date", async () => {
    const response = await people.citizen.call("POST", "reservations", {
      health_service: service,
      no_preference: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json().data;
    expect(booking).toMatchObject({ start: null, preferences: [], status: "ricevuto" });
    const proposed = await people.pharmacyOperator.call("PUT", `reservations/date/change/${booking.hashid}`, {
      start: slot(1, "11:00"),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ status: "in_attesa", proposed_start: slot(1, "11:00") });
    const listed = (await people.citizen.get("users/own/reservations/all")).json().data;
    expect(listed.map((b: { hashid: string }) => b.hashid)).toContain(booking.hashid);
  });

  it("refuses fewer than 3 preferences, past or repeated ones, and mixed or missing ways", async () => {
    const expect422 = async (body: Record<string, unknown>, field: string, message?: string) => {
      const response = await people.citizen.call("POST", "reservations", { health_service: service, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    };
    await expect422({ preferences: preferences.slice(0, 2) }, "preferences", BOOKING_MESSAGES.preferencesMin);
    await expect422({ preferences: [] }, "preferences", BOOKING_MESSAGES.preferencesMin);
    await expect422(
      { preferences: [{ date: "2020-01-06", slot: "mattina" }, ...preferences.slice(1)] },
      "preferences.0.date",
      BOOKING_MESSAGES.preferencePast,
    );
    await expect422(
      { preferences: [preferences[0], preferences[1], preferences[0]] },
      "preferences.2.slot",
      BOOKING_MESSAGES.preferenceRepeated,
    );
    await expect422(
      { preferences: [{ date: addDays(monday, 0), slot: "notte" }, ...preferences] },
      "preferences.0.slot",
    );
    await expect422({}, "start", BOOKING_MESSAGES.dateRequired);
    await expect422({ start: slot(0, "11:00"), no_preference: true }, "start", BOOKING_MESSAGES.dateRequired);
    await expect422({ preferences, no_preference: true }, "start", BOOKING_MESSAGES.dateRequired);
    const noService = await people.citizen.call("POST", "reservations", { no_preference: true });
    expect(noService.json().errors.health_service).toEqual([BOOKING_MESSAGES.serviceRequired]);
    const unknown = await people.citizen.call("POST", "reservations", { health_service: "zzzzzzzz", preferences });
    expect(unknown.statusCode).toBe(404);
  });

  it("checks the prescription codes: an invalid NRE is 'Codice non valido', a REV has 13 characters", async () => {
    const badNre = await people.citizen.call("POST", "reservations", {
      health_service: service,
      no_preference: true,
      nre: "12345",
    });
    expect(badNre.statusCode).toBe(422);
    expect(badNre.json().errors.nre).toEqual([PRESCRIPTION_MESSAGES.invalidNre]);
    expect(PRESCRIPTION_MESSAGES.invalidNre).toBe("Codice non valido");
    const shortRev = await people.citizen.call("POST", "reservations", {
      health_service: service,
      no_preference: true,
      rev: "ABCDEF123456",
    });
    expect(shortRev.statusCode).toBe(422);
    expect(shortRev.json().errors.rev).toEqual([PRESCRIPTION_MESSAGES.invalidRev]);
    const rev = await people.citizen.call("POST", "reservations", {
      health_service: service,
      no_preference: true,
      rev: "abcdef-1234567",
    });
    expect(rev.statusCode, rev.body).toBe(201);
    expect(rev.json().data.rev).toBe("ABCDEF1234567");
  });

  it("refuses another citizen's family member with 404, and leaves nothing behind", async () => {
    const before = await t.database.db.select({ id: bookings.id }).from(bookings);
    for (const body of [
      { health_service: service, start: slot(3, "11:00"), family_member: luca },
      { health_service: service, preferences, family_member: luca },
      { kind: "prodotto", company: pharmacy, products: [{ code: "CP0001", quantity: 1 }], family_member: luca },
      { health_service: service, no_preference: true, family_member: "zzzzzzzz" },
    ]) {
      const response = await people.citizen2.call("POST", "reservations", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await t.database.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length);
    expect(await slotStarts(3)).toContain(slot(3, "11:00"));
  });

  it("gives the last free slot to one of two citizens racing for it; the other gets 409", async () => {
    const start = slot(4, "11:00");
    const [a, b] = await Promise.all([
      people.citizen.call("POST", "reservations", { health_service: service, start, family_member: luca }),
      people.citizen2.call("POST", "reservations", { health_service: service, start }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(BOOKING_MESSAGES.slotTaken);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.startAt, new Date(start)));
    expect(rows).toHaveLength(1);
  });
});

describe("POST reservations: a product order", () => {
  it("orders products from a pharmacy, with the names of the medicine list and no time", async () => {
    const response = await people.citizen.call("POST", "reservations", {
      kind: "prodotto",
      company: pharmacy,
      products: [
        { code: "CP0002", quantity: 2 },
        { code: "CP0001", quantity: 1 },
      ],
      nre,
      notes: "Passo nel pomeriggio",
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({
      kind: "prodotto",
      status: "ricevuto",
      health_service: null,
      company: { hashid: pharmacy, name: "Farmacia San Marco" },
      start: null,
      preferences: null,
      nre: "120A12345678901",
      family_member: null,
      products: [
        { code: "CP0002", quantity: 2, name: "Tachipirina 16 compresse 1000 mg" },
        { code: "CP0001", quantity: 1, name: "Tachipirina 20 compresse 500 mg" },
      ],
    });
    // The pharmacy sees it in its list; it may confirm it, and has no slot to propose.
    const list = (await people.pharmacyOperator.get("companies/own/reservations?per_page=100")).json().data;
    expect(list.map((b: { hashid: string }) => b.hashid)).toContain(order.hashid);
    const propose = await people.pharmacyOperator.call("PUT", `reservations/date/change/${order.hashid}`, {
      start: slot(0, "09:00"),
    });
    expect(propose.statusCode).toBe(409);
    const confirmed = await people.pharmacyOperator.call("GET", `reservations/company/confirm/${order.hashid}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe("confermato");
  });

  it("refuses unknown or repeated products, a missing pharmacy, and a company that is not a pharmacy", async () => {
    const order = (body: Record<string, unknown>) =>
      people.citizen.call("POST", "reservations", { kind: "prodotto", company: pharmacy, ...body });
    const unknown = await order({
      products: [
        { code: "CP0001", quantity: 1 },
        { code: "XX9999", quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.products[0]).toContain(BOOKING_MESSAGES.productUnknown);
    const repeated = await order({
      products: [
        { code: "CP0001", quantity: 1 },
        { code: "CP0001", quantity: 2 },
      ],
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors["products.1.code"]).toEqual([BOOKING_MESSAGES.productRepeated]);
    const none = await order({ products: [] });
    expect(none.json().errors.products).toEqual([BOOKING_MESSAGES.productsRequired]);
    const tooMany = await order({ products: [{ code: "CP0001", quantity: 11 }] });
    expect(tooMany.statusCode).toBe(422);
    const noCompany = await people.citizen.call("POST", "reservations", {
      kind: "prodotto",
      products: [{ code: "CP0001", quantity: 1 }],
    });
    expect(noCompany.json().errors.company).toEqual([BOOKING_MESSAGES.companyRequired]);
    const notPharmacy = await order({ company: room, products: [{ code: "CP0001", quantity: 1 }] });
    expect(notPharmacy.statusCode).toBe(422);
    expect(notPharmacy.json().errors.company).toEqual([BOOKING_MESSAGES.notPharmacy]);
    const unknownCompany = await order({ company: "zzzzzzzz", products: [{ code: "CP0001", quantity: 1 }] });
    expect(unknownCompany.statusCode).toBe(404);
    const badNre = await order({ products: [{ code: "CP0001", quantity: 1 }], nre: "ABC" });
    expect(badNre.json().errors.nre).toEqual(["Codice non valido"]);
  });
});

describe("POST reservations: who may book", () => {
  it("refuses every kind of request without a phone on the anagrafica (403), and an unverified phone (401)", async () => {
    const [giulia] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen3));
    const userId = (giulia as { id: number }).id;
    await t.database.db.update(anagrafiche).set({ telNumber: null }).where(eq(anagrafiche.userId, userId));
    for (const body of [
      { health_service: service, start: slot(2, "09:00") },
      { health_service: service, preferences },
      { health_service: service, no_preference: true },
      { kind: "prodotto", company: pharmacy, products: [{ code: "CP0001", quantity: 1 }] },
    ]) {
      const refused = await citizen3.call("POST", "reservations", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().message).toBe(BOOKING_MESSAGES.phoneNotVerified);
    }
    await t.database.db.update(anagrafiche).set({ telNumber: "3204455667" }).where(eq(anagrafiche.userId, userId));
    await t.database.db.update(users).set({ numberVerifiedAt: null }).where(eq(users.id, userId));
    const unverified = await citizen3.call("POST", "reservations", { health_service: service, no_preference: true });
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().code).toBe("phone_not_verified");
    await t.database.db.update(users).set({ numberVerifiedAt: new Date() }).where(eq(users.id, userId));
    const ok = await citizen3.call("POST", "reservations", { health_service: service, no_preference: true });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("is for citizens only", async () => {
    for (const c of [people.pharmacyAdmin, people.admin]) {
      const response = await c.call("POST", "reservations", { health_service: service, no_preference: true });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.request({
      method: "POST",
      url: "/api/v1/reservations",
      body: { health_service: service, no_preference: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { EMERGENCY_CONTACTS_MAX, EMERGENCY_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { type Caller, caller, demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { emergencyContacts } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let citizen3: Caller;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  citizen3 = caller(t, await t.login(accounts.citizen3));
});
afterAll(() => t.close());

const person = (overrides: Record<string, unknown> = {}) => ({
  type: 0,
  name: "Lucia",
  surname: "Verdi",
  relationship: "familiare",
  regione: "Lazio",
  provincia: "RM",
  comune: "Roma",
  cap: "00184",
  address: "Via Cavour 1",
  tel_number: "3331234567",
  ...overrides,
});

const hashidOf = async (c: Caller): Promise<string> => (await c.get("users/fresh/me")).json().data.hashid;

describe("emergency contacts", () => {
  it("saves, lists, edits and deletes one's own contacts, with audit entries", async () => {
    const me = await hashidOf(people.citizen);
    expect((await people.citizen.get(`users/emergencycontacts/${me}`)).json().data).toEqual([]);

    const created = await people.citizen.call("POST", "users/emergencycontacts", person({ comune: "roma" }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(EMERGENCY_MESSAGES.created);
    const contact = created.json().data;
    expect(contact).toMatchObject({ ...person(), user_id: me, comune: "Roma" });

    const organisation = await people.citizen.call(
      "POST",
      "users/emergencycontacts",
      person({
        type: 1,
        name: "Croce Verde",
        surname: "ignored",
        relationship: "assistenza",
        regione: "Lombardia",
        provincia: "Milano",
        comune: "Milano",
        cap: "20121",
        tel_number: "02 1234 5678",
      }),
    );
    expect(organisation.statusCode, organisation.body).toBe(201);
    // An organisation keeps no surname; a landline may start with 0; the province is stored as its sigla.
    expect(organisation.json().data).toMatchObject({ surname: null, tel_number: "0212345678", provincia: "MI" });

    const list = (await people.citizen.get(`users/emergencycontacts/${me}`)).json().data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(["Lucia", "Croce Verde"]);

    const edited = await people.citizen.call(
      "PUT",
      `users/emergencycontacts/${contact.hashid}`,
      person({ name: "Lucia Maria", tel_number: "3339998887", relationship: "amico" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: EMERGENCY_MESSAGES.updated,
      data: { hashid: contact.hashid, name: "Lucia Maria", tel_number: "3339998887", relationship: "amico" },
    });

    const deleted = await people.citizen.call("DELETE", `users/emergencycontacts/${contact.hashid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(EMERGENCY_MESSAGES.deleted);
    expect((await people.citizen.get(`users/emergencycontacts/${me}`)).json().data).toHaveLength(1);
    expect((await people.citizen.call("DELETE", `users/emergencycontacts/${contact.hashid}`)).statusCode).toBe(404);

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "emergency_contact"));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["emergency_contact.created", "emergency_contact.updated", "emergency_contact.deleted"]),
    );
  });

  it("validates every field with a 422 on it, changing nothing", async () => {
    const before = await t.database.db.select().from(emergencyContacts);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ tel_number: "12345678" }, "tel_number", EMERGENCY_MESSAGES.phone],
      [{ tel_number: "1234567890123456" }, "tel_number", EMERGENCY_MESSAGES.phone],
      [{ tel_number: "33312a4567" }, "tel_number", EMERGENCY_MESSAGES.phone],
      [{ cap: "0018" }, "cap", EMERGENCY_MESSAGES.cap],
      [{ cap: "001844" }, "cap", EMERGENCY_MESSAGES.cap],
      [{ name: "  " }, "name", EMERGENCY_MESSAGES.required],
      [{ surname: null }, "surname", EMERGENCY_MESSAGES.surnameRequired],
      [{ surname: "" }, "surname", EMERGENCY_MESSAGES.surnameRequired],
      [{ relationship: "cugino" }, "relationship"],
      [{ type: 2 }, "type"],
      [{ regione: "Atlantide" }, "regione", EMERGENCY_MESSAGES.regione],
      [{ provincia: "MI" }, "provincia", EMERGENCY_MESSAGES.provincia],
      [{ comune: "Milano" }, "comune", EMERGENCY_MESSAGES.comune],
      [{ regione: "" }, "regione", EMERGENCY_MESSAGES.required],
    ];
    for (const [override, field, message] of cases) {
      const response = await people.citizen2.call("POST", "users/emergencycontacts", person(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(override)).toEqual([field]);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    }
    // The same on an edit.
    const mine = await people.citizen2.call("POST", "users/emergencycontacts", person());
    const hashid = mine.json().data.hashid;
    const bad = await people.citizen2.call(
      "PUT",
      `users/emergencycontacts/${hashid}`,
      person({ tel_number: "12345678" }),
    );
    expect(bad.statusCode).toBe(422);
    expect((await people.citizen2.call("DELETE", `users/emergencycontacts/${hashid}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(emergencyContacts)).toEqual(before);
  });

  it("keeps at most 10, even under parallel saves", async () => {
    const saves = await Promise.all(
      Array.from({ length: EMERGENCY_CONTACTS_MAX + 3 }, (_, i) =>
        citizen3.call("POST", "users/emergencycontacts", person({ name: `Contatto ${i}` })),
      ),
    );
    const statuses = saves.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(EMERGENCY_CONTACTS_MAX);
    const refused = saves.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json().message).toBe(EMERGENCY_MESSAGES.tooMany);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen3));
    const rows = await t.database.db
      .select()
      .from(emergencyContacts)
      .where(eq(emergencyContacts.userId, row?.id ?? 0));
    expect(rows).toHaveLength(EMERGENCY_CONTACTS_MAX);
  });

  it("lets nobody else write a contact, and nobody else read the list (404)", async () => {
    const me = await hashidOf(people.citizen);
    const created = await people.citizen.call("POST", "users/emergencycontacts", person({ name: "Privata" }));
    const hashid = created.json().data.hashid;
    expect((await people.citizen2.call("PUT", `users/emergencycontacts/${hashid}`, person())).statusCode).toBe(404);
    expect((await people.citizen2.call("DELETE", `users/emergencycontacts/${hashid}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`users/emergencycontacts/${me}`)).statusCode).toBe(404);
    // Not a patient of the room's company; administrators read no care data.
    expect((await people.roomOperator.get(`users/emergencycontacts/${me}`)).statusCode).toBe(404);
    expect((await people.admin.get(`users/emergencycontacts/${me}`)).statusCode).toBe(404);
    expect((await people.citizen.get("users/emergencycontacts/zzzzzzzz")).statusCode).toBe(404);
    for (const c of [people.pharmacyAdmin, people.admin]) {
      expect((await c.call("POST", "users/emergencycontacts", person())).statusCode).toBe(403);
      expect((await c.call("PUT", `users/emergencycontacts/${hashid}`, person())).statusCode).toBe(403);
      expect((await c.call("DELETE", `users/emergencycontacts/${hashid}`)).statusCode).toBe(403);
    }
    expect((await t.request({ method: "GET", url: `/api/v1/users/emergencycontacts/${me}` })).statusCode).toBe(401);
  });

  it("are only for a citizen with a verified e-mail (spec 000 §2.9): without one, their own are a 403", async () => {
    const me = await hashidOf(people.citizen2);
    const created = await people.citizen2.call("POST", "users/emergencycontacts", person({ name: "Sorella" }));
    expect(created.statusCode, created.body).toBe(201);
    const hashid = created.json().data.hashid as string;
    const [row] = await t.database.db
      .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, accounts.citizen2));
    // An account without an e-mail (created by an operator, or whose address was removed) signs in
    // but has no verified e-mail.
    await t.database.db
      .update(users)
      .set({ email: null, emailVerifiedAt: null })
      .where(eq(users.id, row?.id ?? 0));
    try {
      const refusals = [
        await people.citizen2.get(`users/emergencycontacts/${me}`),
        await people.citizen2.call("POST", "users/emergencycontacts", person()),
        await people.citizen2.call("PUT", `users/emergencycontacts/${hashid}`, person({ name: "Cugina" })),
        await people.citizen2.call("DELETE", `users/emergencycontacts/${hashid}`),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(EMERGENCY_MESSAGES.emailNotVerified);
      }
      const stored = await t.database.db
        .select({ name: emergencyContacts.name })
        .from(emergencyContacts)
        .where(eq(emergencyContacts.userId, row?.id ?? 0));
      expect(stored).toEqual([{ name: "Sorella" }]);
    } finally {
      await t.database.db
        .update(users)
        .set({ email: row?.email ?? null, emailVerifiedAt: row?.verifiedAt ?? null })
        .where(eq(users.id, row?.id ?? 0));
    }
    const list = await people.citizen2.get(`users/emergencycontacts/${me}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(["Sorella"]);
  });
});

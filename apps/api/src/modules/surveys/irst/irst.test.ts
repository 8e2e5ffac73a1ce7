import { IRST_MAX_ITEMS, IRST_MESSAGES as M } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { accessLog } from "../../../platform/access-log/tables.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { caregiverRelations } from "../../care/tables.ts";
import { type Caller, caller, demoCallers } from "../../companies/test-helpers.ts";
import { users } from "../../identity/tables.ts";
import { irstItems } from "./tables.ts";

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Maria Rossi, a patient of Farmacia San Marco. */
let mariaId: number;
let maria: string;

const drug = (overrides: Record<string, unknown> = {}) => ({
  drug: { code: "CP0001" },
  dosage: "1 compressa",
  frequency: "al_bisogno",
  route: "orale",
  prescriber: "medico_di_base",
  ...overrides,
});
const product = (overrides: Record<string, unknown> = {}) => ({
  type: "fitoterapico",
  name: "Iperico",
  frequency: "una_volta_al_giorno",
  ...overrides,
});

async function created(c: Caller, path: string, body: unknown) {
  const response = await c.call("POST", path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const idOf = async (email: string) =>
  ((await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0] as { id: number }).id;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  mariaId = await idOf(accounts.citizen);
  maria = ids.encode(mariaId);
  // Maria becomes a patient of the demo pharmacy (her consent recorded at the counter).
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => t.close());

describe("utilities/irst/keys", () => {
  it("gives the code lists to anyone signed in, and nothing to anonymous callers", async () => {
    const response = await people.citizen.get("utilities/irst/keys");
    expect(response.statusCode, response.body).toBe(200);
    const keys = response.json().data;
    expect(keys.frequenze).toContainEqual({ code: "al_bisogno", label: "Al bisogno" });
    expect(keys.vie).toContainEqual({ code: "orale", label: "Orale" });
    expect(keys.prescrittori).toContainEqual({ code: "oncologo", label: "Oncologo" });
    expect(keys.tipi_prodotto).toContainEqual({ code: "omeopatico", label: "Prodotto omeopatico" });
    expect((await people.pharmacyOperator.get("utilities/irst/keys")).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/v1/utilities/irst/keys" })).statusCode).toBe(401);
  });
});

describe("the patient's lists", () => {
  it("adds drugs of the catalogue or 'non in elenco' and other products; lists them paged with the counts", async () => {
    const listed = await created(people.citizen, "activities/irst/farmaco", drug());
    expect(listed).toMatchObject({
      kind: "farmaco",
      code: "CP0001",
      name: "Tachipirina 20 compresse 500 mg",
      not_listed: false,
      type: null,
      dosage: "1 compressa",
      frequency: "al_bisogno",
      route: "orale",
      prescriber: "medico_di_base",
      author_role: "paziente",
    });
    const galenic = await created(
      people.citizen,
      "activities/irst/farmaco",
      drug({ drug: { name: "Preparato galenico", not_listed: true }, prescriber: "oncologo", dosage: null }),
    );
    expect(galenic).toMatchObject({ code: null, name: "Preparato galenico", not_listed: true, dosage: null });
    const herb = await created(people.citizen, "activities/irst/altro", product({ notes: "la sera" }));
    expect(herb).toMatchObject({ kind: "altro", type: "fitoterapico", name: "Iperico", route: null, notes: "la sera" });

    const all = await people.citizen.get("activities/irst/therapies");
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.data.map((i: { hashid: string }) => i.hashid)).toEqual([herb.hashid, galenic.hashid, listed.hashid]);
    expect(body.meta).toMatchObject({ page: 1, total: 3, farmaci: 2, altri: 1 });
    expect(body.meta.last_update).toMatchObject({ kind: "variazione", since: null, author_role: "paziente" });

    const drugsPage = (await people.citizen.get("activities/irst/therapies?kind=farmaco&per_page=1&page=2")).json();
    expect(drugsPage.data.map((i: { hashid: string }) => i.hashid)).toEqual([listed.hashid]);
    expect(drugsPage.meta).toMatchObject({ page: 2, per_page: 1, total: 2 });

    // Each addition is audited.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "irst.item_added"), eq(auditLog.entityId, String(ids.decode(herb.hashid)))));
    expect(audits).toHaveLength(1);
  });

  it("refuses an unknown catalogue code, missing fields and bad codes with 422 on the field", async () => {
    const unknown = await people.citizen.call("POST", "activities/irst/farmaco", drug({ drug: { code: "XX9999" } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors["drug.code"]).toEqual([M.drugUnknown]);
    const missing = await people.citizen.call("POST", "activities/irst/farmaco", {
      drug: { code: "CP0002" },
      route: "volo",
    });
    expect(missing.statusCode).toBe(422);
    const errors = missing.json().errors;
    expect(errors.frequency).toEqual([M.required]);
    expect(errors.prescriber).toEqual([M.required]);
    expect(errors.route).toBeDefined();
    const noName = await people.citizen.call("POST", "activities/irst/altro", product({ name: "  " }));
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual([M.required]);
    const longNotes = await people.citizen.call("POST", "activities/irst/altro", product({ notes: "x".repeat(501) }));
    expect(longNotes.json().errors.notes).toEqual([M.tooLong(500)]);
    const badType = await people.citizen.call("POST", "activities/irst/altro", product({ type: "magia" }));
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.type).toBeDefined();
  });

  it("answers malformed bodies, queries and ids with 422 or 404, never a 5xx", async () => {
    const bodies: unknown[] = [null, [], 7, "x", { drug: null }, { drug: [] }, { drug: { code: 5 } }, { patient: 5 }];
    const novarBodies: unknown[] = [null, [], 7, "x", { patient: 5 }, { patient: "!!" }];
    for (const [path, list] of [
      ["activities/irst/farmaco", bodies],
      ["activities/irst/altro", bodies],
      ["activities/irst/novar", novarBodies],
    ] as const) {
      for (const body of list) {
        const response = await people.citizen.call("POST", path, body);
        expect([400, 404, 415, 422], `${path} ${JSON.stringify(body)}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
    }
    for (const query of ["page=0", "per_page=100000", "kind=boh", "patient=%21%21"]) {
      expect((await people.citizen.get(`activities/irst/therapies?${query}`)).statusCode, query).toBe(422);
    }
    expect((await people.citizen.get(`activities/irst/farmaco/delete/${"a".repeat(65)}`)).statusCode).toBe(422);
  });

  it("answers 409 to the same drug or product twice, also when two requests race", async () => {
    const [a, b] = await Promise.all([
      people.citizen2.call("POST", "activities/irst/farmaco", drug({ drug: { code: "CP0003" } })),
      people.citizen2.call("POST", "activities/irst/farmaco", drug({ drug: { code: "CP0003" } })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().message).toBe(M.duplicateDrug);
    await created(people.citizen2, "activities/irst/altro", product({ name: "Curcuma" }));
    const again = await people.citizen2.call("POST", "activities/irst/altro", product({ name: "CÙRCUMA " }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.duplicateOther);
  });

  it(`holds at most ${IRST_MAX_ITEMS} entries per list`, async () => {
    const giuliaId = await idOf(accounts.citizen3);
    await t.database.db.insert(irstItems).values(
      Array.from({ length: IRST_MAX_ITEMS }, (_, i) => ({
        patientId: giuliaId,
        kind: "altro" as const,
        name: `Prodotto ${i}`,
        productType: "integratore" as const,
        frequency: "al_bisogno" as const,
        dedupeKey: `integratore:prodotto ${i}`,
        authorId: giuliaId,
        authorRole: "paziente" as const,
      })),
    );
    const giulia = caller(t, await t.login(accounts.citizen3));
    const refused = await giulia.call("POST", "activities/irst/altro", product());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.tooMany(IRST_MAX_ITEMS));
    // The other list is counted on its own.
    await created(giulia, "activities/irst/farmaco", drug());
    await t.database.db.delete(irstItems).where(eq(irstItems.patientId, giuliaId));
  });
});

describe("irst/novar", () => {
  it("records 'nessuna variazione' since the last compilation", async () => {
    const before = (await people.citizen.get("activities/irst/therapies")).json().meta.last_update;
    const novar = await people.citizen.call("POST", "activities/irst/novar", {});
    expect(novar.statusCode, novar.body).toBe(201);
    expect(novar.json().data).toMatchObject({ kind: "nessuna_variazione", since: before.at, author_role: "paziente" });
    const after = (await people.citizen.get("activities/irst/therapies")).json().meta.last_update;
    expect(after).toEqual(novar.json().data);
  });

  it("with no compilation before, confirms the lists as they stand (since null)", async () => {
    const email = accounts.citizen3;
    const giulia = caller(t, await t.login(email));
    const first = await giulia.call("POST", "activities/irst/novar", {});
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ kind: "nessuna_variazione" });
  });
});

describe("deleting", () => {
  it("removes one's own entry (GET or DELETE); someone else's, the other list's or a gone one is a 404", async () => {
    const mine = await created(people.citizen, "activities/irst/farmaco", drug({ drug: { code: "CP0002" } }));
    const herb = await created(people.citizen, "activities/irst/altro", product({ name: "Ginseng" }));

    expect((await people.citizen2.get(`activities/irst/farmaco/delete/${mine.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen2.call("DELETE", `activities/irst/farmaco/${mine.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get(`activities/irst/altro/delete/${mine.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get("activities/irst/farmaco/delete/zzzzzz")).statusCode).toBe(404);
    // Operators read, they do not change the patient's declaration.
    expect((await people.pharmacyAdmin.get(`activities/irst/farmaco/delete/${mine.hashid}`)).statusCode).toBe(403);

    const removed = await people.citizen.get(`activities/irst/farmaco/delete/${mine.hashid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: M.deleted });
    expect((await people.citizen.get(`activities/irst/farmaco/delete/${mine.hashid}`)).statusCode).toBe(404);

    const viaDelete = await people.citizen.call("DELETE", `activities/irst/altro/${herb.hashid}`);
    expect(viaDelete.statusCode, viaDelete.body).toBe(200);
    const left = (await people.citizen.get("activities/irst/therapies?per_page=100")).json();
    expect(left.data.map((i: { hashid: string }) => i.hashid)).not.toContain(herb.hashid);
    expect(left.data.map((i: { hashid: string }) => i.hashid)).not.toContain(mine.hashid);
    // A removal is a change of the lists: a new compilation.
    expect(left.meta.last_update.kind).toBe("variazione");
  });
});

describe("who reads and writes", () => {
  it("an operator of the patient's company reads the lists (patient required); others get 404, 403 or 401", async () => {
    const read = await people.pharmacyAdmin.get(`activities/irst/therapies?patient=${maria}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().meta.farmaci).toBeGreaterThan(0);
    // The operator's read is traced for 'Chi ha consultato i miei dati'.
    const traced = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.entity, "health.terapie"), eq(accessLog.subjectUserId, mariaId)));
    expect(traced.length).toBeGreaterThan(0);
    const noPatient = await people.pharmacyAdmin.get("activities/irst/therapies");
    expect(noPatient.statusCode).toBe(422);
    expect(noPatient.json().errors.patient).toEqual([M.required]);
    // The monitoring room does not hold Maria's record.
    expect((await people.roomOperator.get(`activities/irst/therapies?patient=${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`activities/irst/therapies?patient=${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get(`activities/irst/therapies?patient=${maria}`)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/activities/irst/therapies" })).statusCode).toBe(401);
    expect((await people.pharmacyAdmin.call("POST", "activities/irst/novar", { patient: maria })).statusCode).toBe(403);
    expect(
      (await people.pharmacyAdmin.call("POST", "activities/irst/farmaco", drug({ patient: maria }))).statusCode,
    ).toBe(403);
    expect(
      (await people.citizen2.call("POST", "activities/irst/altro", product({ patient: maria, name: "X" }))).statusCode,
    ).toBe(404);
    expect((await people.citizen2.call("POST", "activities/irst/novar", { patient: maria })).statusCode).toBe(404);
  });

  it("a caregiver with the health-data consent reads and changes the assisted person's lists; without it, 404", async () => {
    const giulia = caller(t, await t.login(accounts.citizen3));
    const giuliaId = await idOf(accounts.citizen3);
    const relation = and(eq(caregiverRelations.caregiverId, giuliaId), eq(caregiverRelations.assistedId, mariaId));
    const setConsent = async (healthData: boolean) => {
      await t.database.db.delete(caregiverRelations).where(relation);
      await t.database.db
        .insert(caregiverRelations)
        .values({ caregiverId: giuliaId, assistedId: mariaId, status: "enabled", healthData });
    };
    try {
      const ownItem = await created(people.citizen, "activities/irst/altro", product({ name: "Melatonina" }));
      await setConsent(false);
      expect((await giulia.get(`activities/irst/therapies?patient=${maria}`)).statusCode).toBe(404);
      expect((await giulia.get(`activities/irst/altro/delete/${ownItem.hashid}`)).statusCode).toBe(404);

      await setConsent(true);
      const added = await created(
        giulia,
        "activities/irst/altro",
        product({ patient: maria, name: "Vitamina D", type: "vitamine_minerali" }),
      );
      expect(added.author_role).toBe("caregiver");
      const list = (await giulia.get(`activities/irst/therapies?patient=${maria}&kind=altro&per_page=100`)).json();
      expect(list.data.map((i: { hashid: string }) => i.hashid)).toContain(added.hashid);
      const novar = await giulia.call("POST", "activities/irst/novar", { patient: maria });
      expect(novar.json().data.author_role).toBe("caregiver");
      expect((await giulia.get(`activities/irst/altro/delete/${ownItem.hashid}`)).statusCode).toBe(200);
      // Giulia's own list is not Maria's.
      const own = (await giulia.get("activities/irst/therapies?kind=altro&per_page=100")).json();
      expect(own.data.map((i: { hashid: string }) => i.hashid)).not.toContain(added.hashid);
    } finally {
      await t.database.db.delete(caregiverRelations).where(relation);
    }
  });
});

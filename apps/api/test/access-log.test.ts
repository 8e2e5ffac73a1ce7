import { desc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { type Caller, demoCallers, ownCompanyHashid } from "../src/modules/companies/test-helpers.ts";
import { users } from "../src/modules/identity/tables.ts";
import { accessLog } from "../src/platform/access-log/tables.ts";
import { createIds } from "../src/platform/ids.ts";
import { multipart, tinyPdf, tinyPng } from "./files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";

/**
 * Sensitive reads leave a trace in the same request (issue 9 §4): a patient card, a health file, an
 * administrator reading someone's account. Ordinary reads (lists, one's own account, a logo) do not.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const userIds: Record<string, number> = {};
let pharmacyId: number;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  for (const [role, email] of Object.entries(accounts)) {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    userIds[role] = row?.id ?? 0;
  }
  pharmacyId = ids.decode(await ownCompanyHashid(people.pharmacyOperator)) as number;
});
afterAll(() => t.close());

/** The rows written by what `read` does. */
async function rowsOf(read: () => Promise<unknown>) {
  const [last] = await t.database.db.select({ id: accessLog.id }).from(accessLog).orderBy(desc(accessLog.id)).limit(1);
  await read();
  return t.database.db
    .select()
    .from(accessLog)
    .where(gt(accessLog.id, last?.id ?? 0))
    .orderBy(accessLog.id);
}

async function upload(c: Caller, parts: Parameters<typeof multipart>[0]): Promise<string> {
  const body = multipart(parts);
  const response = await t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token: c.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.hashid;
}

describe("a patient card", () => {
  it("read by an operator: who, role, company, which patient, in the same request", async () => {
    const maria = ids.encode(userIds.citizen as number);
    const rows = await rowsOf(async () =>
      expect((await people.pharmacyOperator.get(`companies/own/patients/${maria}`)).statusCode).toBe(200),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: userIds.pharmacyOperator,
      actorType: 1,
      companyId: pharmacyId,
      entity: "patient",
      entityId: String(userIds.citizen),
      subjectUserId: userIds.citizen,
    });
    expect(rows[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("the patient's bookings and family are logged too; lists and refused reads are not", async () => {
    const maria = ids.encode(userIds.citizen as number);
    const bookings = await rowsOf(() => people.pharmacyOperator.get(`reservations/company/users/${maria}`));
    expect(bookings.map((r) => [r.entity, r.subjectUserId])).toEqual([["patient_bookings", userIds.citizen]]);
    const family = await rowsOf(() => people.pharmacyOperator.get(`familymembers/members/user/${maria}`));
    expect(family.map((r) => [r.entity, r.subjectUserId])).toEqual([["patient_family", userIds.citizen]]);

    expect(await rowsOf(() => people.pharmacyOperator.get("companies/own/patients"))).toEqual([]);
    // Another company's operator gets a 404 and reads nothing: nothing to log.
    expect(await rowsOf(() => people.roomOperator.get(`companies/own/patients/${maria}`))).toEqual([]);
  });
});

describe("GET users/{id}", () => {
  it("an administrator reading someone else is logged; reading oneself is not", async () => {
    const giuseppe = ids.encode(userIds.citizen2 as number);
    const rows = await rowsOf(async () => expect((await people.admin.get(`users/${giuseppe}`)).statusCode).toBe(200));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: userIds.admin,
      actorType: 2,
      companyId: null,
      entity: "user",
      entityId: String(userIds.citizen2),
      subjectUserId: userIds.citizen2,
    });

    expect(await rowsOf(() => people.admin.get(`users/${ids.encode(userIds.admin as number)}`))).toEqual([]);
    expect(await rowsOf(() => people.citizen2.get(`users/${giuseppe}`))).toEqual([]);
  });
});

describe("files", () => {
  it("a health document read by its owner is logged; a profile picture is not", async () => {
    const report = await upload(people.citizen, [
      { name: "file", filename: "referto.pdf", content: tinyPdf },
      { name: "encrypt", value: "true" },
      { name: "has_owner", value: "true" },
    ]);
    const rows = await rowsOf(async () =>
      expect((await people.citizen.get(`resources/private/${report}`)).statusCode).toBe(200),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: userIds.citizen,
      actorType: 0,
      companyId: null,
      entity: "file",
      entityId: String(ids.decode(report)),
      subjectUserId: userIds.citizen,
    });

    const picture = await upload(people.citizen, [
      { name: "file", filename: "foto.png", content: tinyPng },
      { name: "destination", value: "profilo" },
    ]);
    expect(await rowsOf(() => people.citizen.get(`resources/private/${picture}`))).toEqual([]);
    expect(await rowsOf(() => people.citizen2.get(`resources/private/${report}`))).toEqual([]);
  });

  it("an archive file downloaded by a colleague is logged with the company", async () => {
    const body = multipart([
      { name: "title", value: "Verbale" },
      { name: "file", filename: "verbale.pdf", content: tinyPdf, type: "application/pdf" },
    ]);
    const created = await t.request({
      method: "POST",
      url: "/api/v1/companyarchives",
      token: people.pharmacyOperator.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json().data.file.hashid;
    const rows = await rowsOf(async () =>
      expect((await people.pharmacyAdmin.get(`resources/private/${file}`)).statusCode).toBe(200),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: userIds.pharmacyAdmin,
      actorType: 1,
      companyId: pharmacyId,
      entity: "file",
      entityId: String(ids.decode(file)),
    });
  });
});

describe("a read that cannot be logged", () => {
  it("is not served", async () => {
    await t.database.db.execute(sql`
      create function cura_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'registro non disponibile'; end $$`);
    await t.database.db.execute(
      sql`create trigger cura_test_refuse before insert on access_log for each row execute function cura_test_refuse()`,
    );
    try {
      const card = await people.pharmacyOperator.get(`companies/own/patients/${ids.encode(userIds.citizen as number)}`);
      expect(card.statusCode).toBe(500);
      expect(card.body).not.toContain("Rossi");
    } finally {
      await t.database.db.execute(sql`drop trigger cura_test_refuse on access_log`);
    }
  });
});

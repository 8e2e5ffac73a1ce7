import { FAMILY_MESSAGES, TAX_CODE_MESSAGE, taxCodeCheckChar } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { demoCallers } from "../companies/test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

const taxCode = (first15: string) => `${first15}${taxCodeCheckChar(first15)}`;
const member = (overrides: Record<string, unknown> = {}) => ({
  name: "Luca",
  surname: "Rossi",
  tax_code: taxCode("RSSLCU15A01H501"),
  age_band: "pediatrico",
  relationship: "figlio",
  gender: "M",
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

describe("family members", () => {
  it("adds, lists and edits the citizen's own family members, with an audit entry", async () => {
    const created = await people.citizen.call("POST", "familymembers", {
      ...member(),
      tax_code: ` ${taxCode("RSSLCU15A01H501").toLowerCase()} `,
      health_card_number: "80380000000000000001",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(FAMILY_MESSAGES.created);
    const luca = created.json().data;
    expect(luca).toMatchObject({
      name: "Luca",
      surname: "Rossi",
      tax_code: taxCode("RSSLCU15A01H501"),
      health_card_number: "80380000000000000001",
      age_band: "pediatrico",
      relationship: "figlio",
      gender: "M",
    });

    const second = await people.citizen.call(
      "POST",
      "familymembers",
      member({ name: "Anna", surname: "Bianchi", tax_code: taxCode("BNCNNA40A41H501"), age_band: "anziano" }),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.health_card_number).toBeNull();

    const list = await people.citizen.get("familymembers");
    expect(list.statusCode).toBe(200);
    // By surname.
    expect(list.json().data.map((m: { name: string }) => m.name)).toEqual(["Anna", "Luca"]);
    expect((await people.citizen2.get("familymembers")).json().data).toEqual([]);

    const edited = await people.citizen.call(
      "PUT",
      `familymembers/${luca.hashid}`,
      member({ name: "Luca Maria", relationship: "nipote" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: FAMILY_MESSAGES.updated,
      data: { hashid: luca.hashid, name: "Luca Maria", relationship: "nipote", health_card_number: null },
    });

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "family_member")));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["family_member.created", "family_member.updated"]),
    );
  });

  it("refuses a tax code already among the citizen's family members (but not another citizen's)", async () => {
    const code = taxCode("VRDGPP90A01F205");
    const first = await people.citizen.call("POST", "familymembers", member({ tax_code: code, name: "Giuseppe" }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await people.citizen.call("POST", "familymembers", member({ tax_code: code }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.tax_code).toEqual([FAMILY_MESSAGES.duplicate]);
    expect(again.json().message).toBe(FAMILY_MESSAGES.duplicate);
    // Another citizen may have the same person in their family.
    expect((await people.citizen2.call("POST", "familymembers", member({ tax_code: code }))).statusCode).toBe(201);

    // Editing another member onto that tax code is the same 422; keeping one's own is fine.
    const other = await people.citizen.call("POST", "familymembers", member({ tax_code: taxCode("VRDMRA92A41F205") }));
    const hashid = other.json().data.hashid;
    const clash = await people.citizen.call("PUT", `familymembers/${hashid}`, member({ tax_code: code }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.tax_code).toEqual([FAMILY_MESSAGES.duplicate]);
    const same = await people.citizen.call(
      "PUT",
      `familymembers/${hashid}`,
      member({ tax_code: taxCode("VRDMRA92A41F205"), name: "Maria" }),
    );
    expect(same.statusCode).toBe(200);
  });

  it("validates the fields", async () => {
    const bad = await people.citizen.call(
      "POST",
      "familymembers",
      member({
        name: " ",
        tax_code: "RSSLCU15A01H501X",
        health_card_number: "123",
        age_band: "neonato",
        relationship: "cugino",
        gender: "X",
      }),
    );
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(Object.keys(errors).sort()).toEqual(
      ["age_band", "gender", "health_card_number", "name", "relationship", "tax_code"].sort(),
    );
    expect(errors.tax_code).toEqual([TAX_CODE_MESSAGE]);
  });

  it("refuses another citizen's family member with 404, and the routes to non-citizens", async () => {
    const mine = await people.citizen.call("POST", "familymembers", member({ tax_code: taxCode("RSSPLA10A01H501") }));
    const hashid = mine.json().data.hashid;
    const theirs = await people.citizen2.call("PUT", `familymembers/${hashid}`, member());
    expect(theirs.statusCode).toBe(404);
    expect((await people.citizen.call("PUT", "familymembers/zzzzzzzz", member())).statusCode).toBe(404);

    for (const c of [people.pharmacyAdmin, people.admin]) {
      expect((await c.get("familymembers")).statusCode).toBe(403);
      expect((await c.call("POST", "familymembers", member())).statusCode).toBe(403);
      expect((await c.call("PUT", `familymembers/${hashid}`, member())).statusCode).toBe(403);
    }
    const anonymous = await t.request({ method: "GET", url: "/api/v1/familymembers" });
    expect(anonymous.statusCode).toBe(401);
  });
});

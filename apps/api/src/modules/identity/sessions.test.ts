import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { countStatements, type StatementCounter } from "../../../test/statements.ts";

let t: TestContext;
let statements: StatementCounter;
beforeAll(async () => {
  t = await createTestContext();
  statements = countStatements(t.database);
});
afterAll(() => t.close());

/** The statements of one call, without transaction control (PostgreSQL counts BEGIN and COMMIT). */
async function statementsOf(token: string) {
  statements.reset();
  const response = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token });
  expect(response.statusCode).toBe(200);
  const sent = statements.statements.filter((text) => !/^\s*(begin|commit)\b/i.test(text));
  return { user: response.json().data, sent };
}

// Issue 15: the session lookup, which runs on every authenticated request, reads the user, their
// personal record and their membership in one query; GET users/fresh/me reads nothing again.
describe("GET users/fresh/me reads the signed-in user once", () => {
  it("answers a citizen from the session lookup alone: one statement", async () => {
    const token = await t.login(accounts.citizen);
    const { user, sent } = await statementsOf(token);
    expect(user).toMatchObject({ email: accounts.citizen, type: 0, anagrafica: { name: "Maria" }, company: null });
    expect(sent, sent.join("\n")).toHaveLength(1);
  });

  it("answers an operator with the session lookup and the company summary only: four statements", async () => {
    const token = await t.login(accounts.pharmacyAdmin);
    const { user, sent } = await statementsOf(token);
    expect(user).toMatchObject({ email: accounts.pharmacyAdmin, type: 1, operator_status: "enabled" });
    expect(user.company.name).toBeTruthy();
    expect(user.permessi.length).toBeGreaterThan(0);
    // The session with user, record and membership; the company, its services and its library.
    expect(sent, sent.join("\n")).toHaveLength(4);
    expect(
      sent.filter((text) => /from "operators"/.test(text)),
      sent.join("\n"),
    ).toHaveLength(1);
  });

  it("answers what the previous request changed", async () => {
    const token = await t.login(accounts.citizen2);
    const changed = await t.request({
      method: "POST",
      url: "/api/v1/users/change/consenses",
      token,
      body: { marketing_consense: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.marketing_consense).toBe(true);
    const { user } = await statementsOf(token);
    expect(user.marketing_consense).toBe(true);
  });
});

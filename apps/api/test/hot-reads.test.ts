import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextMonday } from "../src/modules/companies/test-helpers.ts";
import { addDays } from "../src/platform/zoned-time.ts";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";
import { countStatements, type StatementCounter } from "./statements.ts";

let t: TestContext;
let statements: StatementCounter;
let citizen: string;
beforeAll(async () => {
  t = await createTestContext();
  statements = countStatements(t.database);
  citizen = await t.login(accounts.citizen);
});
afterAll(() => t.close());

/** The statements one call sends, without transaction control (PostgreSQL counts BEGIN and COMMIT). */
async function statementsOf(url: string, token: string) {
  statements.reset();
  const response = await t.request({ method: "GET", url, token });
  expect(response.statusCode).toBe(200);
  return statements.statements.filter((text) => !/^\s*(begin|commit)\b/i.test(text));
}

// Issue 15: the citizen home's reads cost the session lookup and their own query, nothing read for
// nothing (a list without paging counted no total) and nothing read twice.
describe("the citizen home's hot reads", () => {
  it.each([
    ["/api/v1/users/own/reservations/latest"],
    ["/api/v1/users/own/reservations/today"],
    ["/api/v1/users/own/reservations/all"],
    ["/api/v1/popupnotifications"],
  ])("GET %s: the session lookup and one query", async (url) => {
    const sent = await statementsOf(url, citizen);
    expect(sent, sent.join("\n")).toHaveLength(2);
    expect(
      sent.filter((text) => /count\(/i.test(text)),
      sent.join("\n"),
    ).toHaveLength(0);
  });
});

describe("a week of slots", () => {
  it("reads the service, its company and its platform service in one query: five statements in all", async () => {
    const admin = await t.login(accounts.pharmacyAdmin);
    const created = await t.request({
      method: "POST",
      url: "/api/v1/healthservices",
      token: admin,
      body: { name: "Spirometria", description: "Esame della funzione respiratoria", slot_minutes: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const monday = nextMonday();
    const url = `/api/v1/healthservices/slots/array/${created.json().data.hashid}?from=${monday}&to=${addDays(monday, 6)}`;
    const sent = await statementsOf(url, citizen);
    // The session; the service with company and platform service; then hours, closures and bookings together.
    expect(sent, sent.join("\n")).toHaveLength(5);
  });
});

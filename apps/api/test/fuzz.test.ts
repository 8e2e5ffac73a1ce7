import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";
import { fillPath, type Operation, operationsOf } from "./openapi.ts";

/**
 * Sends generated malformed bodies, path parameters and query strings to every route that takes
 * any, as each kind of user, and asserts that nothing answers 5xx: bad input is a 4xx, never a bug.
 */
let t: TestContext;
let operations: Operation[];
let tokens: Array<string | undefined>;

beforeAll(async () => {
  t = await createTestContext();
  operations = (await operationsOf(t)).filter((op) => op.hasBody || op.params.length > 0 || op.query.length > 0);
  // Routes that end the session would sign the fuzzing user out; they are walked elsewhere.
  operations = operations.filter((op) => !op.path.endsWith("/users/logout"));
  tokens = [
    undefined,
    await t.login(accounts.citizen),
    await t.login(accounts.pharmacyAdmin),
    await t.login(accounts.admin),
  ];
});
afterAll(() => t.close());

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue,
  fc.dictionary(
    fc.constantFrom("email", "password", "name", "id", "hashid", "page", "per_page", "to", "redirect"),
    jsonValue,
  ),
  fc.string({ maxLength: 200 }),
);
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom("0", "-1", "9999999999999999999", "null", "%00", "../../etc/passwd", "kZ3Gx7Qa", "a".repeat(300)),
);
const queryValue = fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom("-1", "0", "1e309", "NaN", "true", "[]"));

describe("fuzz", () => {
  it("has routes to fuzz", () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it("answers no 5xx to malformed input on any route", { timeout: 120_000 }, async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(
          body,
          segment,
          fc.array(fc.tuple(fc.constantFrom(...op.query.map((q) => q.name), "x"), queryValue), { maxLength: 3 }),
          fc.constantFrom(...tokens),
          async (payload, param, query, token) => {
            const search = new URLSearchParams(query).toString();
            const url = fillPath(op.path, () => param) + (search ? `?${search}` : "");
            const response = await t.request({
              method: op.method,
              url,
              token,
              ...(op.hasBody
                ? { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }
                : {}),
            });
            expect(response.statusCode, `${op.method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    }
  });
});

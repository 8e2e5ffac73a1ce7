import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";
import { encodeRaw, fillPath, type Operation, operationsOf } from "./openapi.ts";

/**
 * Sends generated malformed bodies, path parameters and query strings to every route that takes
 * any, as each kind of user, and asserts that nothing answers 5xx: bad input is a 4xx, never a bug.
 * Strings carry, among the rest, the characters the domain's safe-text rule refuses (NUL, other C0
 * controls, DEL, lone surrogates): PostgreSQL refuses a NUL, so each once was a 500.
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

const UNSAFE_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u001f",
  "\u007f",
  "\ud800",
  "\udbff",
  "\udc00",
];
const unsafeText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...UNSAFE_CHARACTERS), fc.string({ maxLength: 12 }))
  .map(([before, character, after]) => before + character + after);
const keys = fc.constantFrom("email", "password", "name", "id", "hashid", "page", "per_page", "to", "redirect");
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue,
  fc.dictionary(keys, jsonValue),
  fc.dictionary(keys, fc.oneof(unsafeText, fc.array(unsafeText, { maxLength: 2 }))),
  fc.string({ maxLength: 200 }),
  unsafeText,
);
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom("0", "-1", "9999999999999999999", "null", "%00", "../../etc/passwd", "kZ3Gx7Qa", "a".repeat(300)),
  unsafeText,
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom("-1", "0", "1e309", "NaN", "true", "[]"),
  unsafeText,
);
/** A query string percent-encoded as a client may send it, lone surrogates included. */
const querystring = (query: Array<[string, string]>) =>
  query.map(([k, v]) => `${encodeRaw(k)}=${encodeRaw(v)}`).join("&");

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
            const search = querystring(query);
            const url = fillPath(op.path, () => param, encodeRaw) + (search ? `?${search}` : "");
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

  it("answers 422 to a NUL anywhere, or a lone surrogate in a body, on every route as every role", {
    timeout: 120_000,
  }, async () => {
    const cases = [
      // A NUL in every input: the path, the query and the body's strings.
      { text: "a\u0000b", inUrl: true, withBody: false },
      // A lone surrogate reaches a string only through a JSON escape: in a URL it is invalid UTF-8,
      // which the property above sends (any 4xx).
      { text: "a\ud800b", inUrl: false, withBody: true },
    ];
    for (const op of operations) {
      for (const { text, inUrl, withBody } of cases) {
        if (withBody && !op.hasBody) continue;
        const search = inUrl ? querystring(op.query.map((q) => [q.name, text])) : "";
        const url = fillPath(op.path, () => (inUrl ? text : "kZ3Gx7Qa"), encodeRaw) + (search ? `?${search}` : "");
        const payload = { email: text, name: text, note: { lines: ["ok", text] } };
        for (const token of tokens) {
          const response = await t.request({
            method: op.method,
            url,
            token,
            ...(op.hasBody
              ? { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }
              : {}),
          });
          // Refused before any handler runs, so it changes nothing; only access (401, 403) or the
          // limiter (429) may answer first.
          expect(
            [401, 403, 422, 429],
            `${op.method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          ).toContain(response.statusCode);
        }
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";
import { fillPath, type Operation, operationsOf } from "./openapi.ts";

/**
 * Walks every route of the OpenAPI document: an anonymous call to a protected route gets 401, and
 * a signed-in user of a type the route does not allow gets 403. New routes are covered by existing.
 */
let t: TestContext;
let operations: Operation[];
const tokens: Record<number, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  operations = await operationsOf(t);
  tokens[0] = await t.login(accounts.citizen);
  tokens[1] = await t.login(accounts.pharmacyOperator);
  tokens[2] = await t.login(accounts.admin);
});
afterAll(() => t.close());

const call = (op: Operation, token?: string) =>
  t.request({
    method: op.method,
    url: fillPath(op.path, () => "kZ3Gx7Qa"),
    token,
    ...(op.hasBody ? { body: {} } : {}),
  });

describe("route walk", () => {
  it("finds the documented routes, each with an access rule", () => {
    expect(operations.length).toBeGreaterThan(3);
    for (const op of operations) expect(op.access, `${op.method} ${op.path}`).toBeDefined();
  });

  it("answers 401 to anonymous calls on every protected route", async () => {
    const protectedOps = operations.filter((op) => !op.access.public);
    expect(protectedOps.length).toBeGreaterThan(0);
    for (const op of protectedOps) {
      const response = await call(op);
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it("answers 403 to a signed-in user of a type the route does not allow", async () => {
    for (const op of operations) {
      if (op.access.public) continue;
      for (const type of [0, 1, 2]) {
        if (op.access.types?.includes(type)) continue;
        const response = await call(op, tokens[type]);
        expect(response.statusCode, `${op.method} ${op.path} as type ${type}`).toBe(403);
      }
    }
  });

  it("answers 403 to an operator lacking a route's permission strings", async () => {
    // The plain demo operator holds no permission string.
    for (const op of operations) {
      if (op.access.public || !op.access.permissions?.length || !op.access.types?.includes(1)) continue;
      const response = await call(op, tokens[1]);
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(403);
    }
  });
});

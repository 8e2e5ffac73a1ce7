import { BOOKING_MESSAGES, LIMITS } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, demoCallers, nextMonday } from "../src/modules/companies/test-helpers.ts";
import { addDays, zonedToInstant } from "../src/platform/zoned-time.ts";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";

/**
 * DESIGN §5: API instances are stateless; sessions, throttles and slot locks live in the database.
 * Two instances on one database must behave as one.
 */
let t: TestContext;
let second: Awaited<ReturnType<TestContext["secondInstance"]>>;

beforeAll(async () => {
  t = await createTestContext();
  second = await t.secondInstance();
});
afterAll(() => t.close());

const profileOn = (request: TestContext["request"], token: string) =>
  request({ method: "GET", url: "/api/v1/users/fresh/me", token });

describe("two API instances on one database", () => {
  it("accept a session started on the other, and both refuse it once it ends on either", async () => {
    const token = await t.login(accounts.citizen3);
    expect((await profileOn(second.request, token)).statusCode).toBe(200);
    const logout = await second.request({ method: "GET", url: "/api/v1/users/logout", token });
    expect(logout.statusCode).toBe(200);
    expect((await profileOn(t.request, token)).statusCode).toBe(401);
  });

  it("give the last free slot to one of two citizens booking it through different instances", async () => {
    const people = await demoCallers(t);
    const created = await people.pharmacyAdmin.call("POST", "healthservices", { name: "Holter", slot_minutes: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json().data.hashid;
    const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "09:00", to: "10:00" }] }));
    expect(
      (await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days })).statusCode,
    ).toBe(200);
    const start = new Date(zonedToInstant(addDays(nextMonday(), 1), "09:30", "Europe/Rome")).toISOString();
    const citizenOnSecond = caller({ ...t, request: second.request }, people.citizen.token);
    const [a, b] = await Promise.all([
      citizenOnSecond.call("POST", "reservations", { health_service: service, start }),
      people.citizen2.call("POST", "reservations", { health_service: service, start }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(BOOKING_MESSAGES.slotTaken);
  });

  it("share the sign-in throttle: failures on one instance block the account on the other", async () => {
    const attempt = (request: TestContext["request"], password: string) =>
      request({ method: "POST", url: "/api/v1/users/login", body: { email: accounts.citizen3, password } });
    for (const request of [t.request, second.request, t.request]) {
      expect((await attempt(request, "Sbagliata-123!")).statusCode).toBe(422);
    }
    expect((await attempt(second.request, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it("share the limiter exactly: 50 failures sent together over both evaluate the limit, no more", async () => {
    const fail = (app: TestContext["app"], email: string) =>
      app.inject({
        method: "POST",
        url: "/api/v1/users/login",
        remoteAddress: "10.7.0.1",
        payload: { email, password: "Sbagliata-123!" },
      });
    // One client address trying many accounts: the per-address limit.
    const spray = await Promise.all(
      Array.from({ length: 50 }, (_, i) => fail(i % 2 ? second.app : t.app, `spray.${i}@example.it`)),
    );
    expect(spray.filter((r) => r.statusCode === 422)).toHaveLength(LIMITS.failedLoginsPerAddress.attempts);
    expect(spray.filter((r) => r.statusCode === 429)).toHaveLength(50 - LIMITS.failedLoginsPerAddress.attempts);

    // One account from many addresses: the per-account limit.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: "POST",
          url: "/api/v1/users/login",
          remoteAddress: `10.7.1.${i + 1}`,
          payload: { email: accounts.citizen2, password: "Sbagliata-123!" },
        }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 422)).toHaveLength(LIMITS.failedLogins.attempts);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(12 - LIMITS.failedLogins.attempts);
  });
});

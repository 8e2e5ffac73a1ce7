import { LIMIT_MESSAGES, LIMITS, OTP_LIMITS } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { OTP_SEND_LIMIT_MESSAGE } from "./otp.ts";
import { citizenRegistration, outbox, taxCode } from "./test-helpers.ts";
import { LOGIN_THROTTLE_MESSAGE } from "./throttle.ts";

/**
 * Issue 9 §3: every limit reserves its attempt before the work, so requests sent together get
 * exactly the limit, never more.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const from = (remoteAddress: string, method: "GET" | "POST", url: string, payload?: object, token?: string) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/** The messages to `to` once background sends have stopped arriving. */
async function settledMessages(to: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = (await outbox(t, to)).length;
    if (now === last && now > 0) return now;
    last = now;
  }
  return last;
}

describe("sign-in limits under parallel requests", () => {
  it("evaluates at most 3 of 24 wrong passwords and the right one sent together", async () => {
    const login = (password: string) =>
      from("10.9.0.1", "POST", "/api/v1/users/login", { email: accounts.citizen, password });
    const responses = await Promise.all([
      ...Array.from({ length: 24 }, () => login("Sbagliata-123!")),
      login(DEMO_PASSWORD),
    ]);
    const wrong = statuses(responses.slice(0, 24));
    const right = responses[24]?.statusCode;
    if (right === 429) {
      // Three wrong ones were evaluated; everything else, the right password included, waited.
      expect(count(wrong, 422)).toBe(3);
      expect(count(wrong, 429)).toBe(21);
    } else {
      // The right one got a slot (at most two wrong ones before it) and cleared the account's
      // count: at most three more wrong ones after it.
      expect(right).toBe(200);
      expect(count(wrong, 422)).toBeLessThanOrEqual(5);
      expect(count(wrong, 422) + count(wrong, 429)).toBe(24);
    }
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(LOGIN_THROTTLE_MESSAGE);
    // When the oldest failure leaves the 5-minute window: a client knows how long to wait.
    const retryAfter = Number(refused?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.failedLogins.windowMinutes * 60);
  });

  it("evaluates exactly 20 of 30 failures on different accounts from one address", async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        from("10.9.0.2", "POST", "/api/v1/users/login", { email: `spray.${i}@example.it`, password: "Sbagliata-1!" }),
      ),
    );
    const list = statuses(responses);
    expect(count(list, 422)).toBe(LIMITS.failedLoginsPerAddress.attempts);
    expect(count(list, 429)).toBe(30 - LIMITS.failedLoginsPerAddress.attempts);
  });
});

describe("recovery limit under parallel requests", () => {
  it("sends exactly 5 recovery e-mails out of 50 requests sent together", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        from("10.9.1.1", "POST", "/api/v1/users/password/forget", { email: accounts.roomOperator }),
      ),
    );
    // The answer never tells: every request reads the same.
    expect(new Set(statuses(responses))).toEqual(new Set([200]));
    expect(await settledMessages(accounts.roomOperator)).toBe(LIMITS.recoveryMessages.attempts);
  });
});

describe("one-time code sends under parallel requests", () => {
  it("sends exactly 3 codes an hour per cause out of 10 requests sent together", async () => {
    const token = await t.login(accounts.citizen2);
    const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => from("10.9.2.1", "POST", `/api/v1/otp/send/${me.hashid}`, { cause: 1 }, token)),
    );
    const list = statuses(responses);
    expect(count(list, 200)).toBe(OTP_LIMITS.sendsPerHour);
    expect(count(list, 429)).toBe(10 - OTP_LIMITS.sendsPerHour);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(OTP_SEND_LIMIT_MESSAGE);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(60 * 60 - 60);
  });
});

describe("registration limit per client address", () => {
  it("answers 429 from the 11th attempt in an hour, on every way of registering", async () => {
    // The case the limit is for: "already registered" must not list accounts at speed.
    const taken = () => citizenRegistration({ email: accounts.citizen });
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => from("10.9.3.1", "POST", "/api/v1/users/register", taken())),
    );
    const list = statuses(responses);
    expect(count(list, 422)).toBe(LIMITS.registrationsPerAddress.attempts);
    expect(count(list, 429)).toBe(15 - LIMITS.registrationsPerAddress.attempts);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(LIMIT_MESSAGES.registrations);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);

    // The completion after SPID or CIE shares the address's count.
    const spid = await from("10.9.3.1", "POST", "/api/v1/users/registerBySpid", {
      ...citizenRegistration(),
      password: undefined,
      password_confirmation: undefined,
      token: "not-a-token",
      articles_consense: true,
      anagrafica: { ...citizenRegistration().anagrafica, cf: taxCode("RSSMRA80A41H501") },
    });
    expect(spid.statusCode, spid.body).toBe(429);

    // Another address is not affected.
    expect((await from("10.9.3.2", "POST", "/api/v1/users/register", taken())).statusCode).toBe(422);
  });
});

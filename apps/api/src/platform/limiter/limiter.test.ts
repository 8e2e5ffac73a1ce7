import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { purgeExpired, release, reserve, reserveAll, reset } from "./limiter.ts";
import { ageHits, hitsOf } from "./test-helpers.ts";

/**
 * The platform limiter on a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is
 * set (the same file runs on both).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const rule = (key: string, limit = 7, windowSeconds = 60) => ({ key, limit, windowSeconds });

describe("platform limiter", () => {
  it("lets exactly the limit through out of 50 parallel reservations", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve(t.database.db, rule("test:parallel"))));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(await hitsOf(t.database.db, "test:parallel")).toBe(7);
    for (const refused of results.filter((r) => !r.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("does not count a refused attempt, and keeps keys apart", async () => {
    for (let i = 0; i < 3; i++) expect((await reserve(t.database.db, rule("test:apart:a", 3))).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await reserve(t.database.db, rule("test:apart:a", 3))).allowed).toBe(false);
    expect(await hitsOf(t.database.db, "test:apart:a")).toBe(3);
    expect((await reserve(t.database.db, rule("test:apart:b", 3))).allowed).toBe(true);
  });

  it("gives a released slot back, once", async () => {
    const first = await reserve(t.database.db, rule("test:release", 2));
    const second = await reserve(t.database.db, rule("test:release", 2));
    expect((await reserve(t.database.db, rule("test:release", 2))).allowed).toBe(false);
    if (!first.allowed || !second.allowed) throw new Error("expected two slots");
    await release(t.database.db, first.slot);
    await release(t.database.db, first.slot);
    expect(await hitsOf(t.database.db, "test:release")).toBe(1);
    expect((await reserve(t.database.db, rule("test:release", 2))).allowed).toBe(true);
    expect((await reserve(t.database.db, rule("test:release", 2))).allowed).toBe(false);
  });

  it("keeps attempts made at the same clock time apart: releasing one twice gives back only one", async () => {
    // Inside one transaction now() does not move, as two requests in one millisecond on PGlite.
    const slots = await t.database.db.transaction(async (tx) => [
      await reserve(tx, rule("test:same-time", 3)),
      await reserve(tx, rule("test:same-time", 3)),
    ]);
    const [first] = slots;
    if (!first?.allowed || !slots[1]?.allowed) throw new Error("expected two slots");
    await release(t.database.db, first.slot);
    await release(t.database.db, first.slot);
    expect(await hitsOf(t.database.db, "test:same-time")).toBe(1);
  });

  it("slides: a hit older than the window no longer counts, a younger one still does", async () => {
    const key = "test:slide";
    expect((await reserve(t.database.db, rule(key, 2))).allowed).toBe(true);
    await ageHits(t.database.db, key, 50);
    expect((await reserve(t.database.db, rule(key, 2))).allowed).toBe(true);
    const refused = await reserve(t.database.db, rule(key, 2));
    expect(refused).toMatchObject({ allowed: false });
    // The older hit leaves the window in about ten seconds: that is when to try again.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(11);
    await ageHits(t.database.db, key, 15);
    expect((await reserve(t.database.db, rule(key, 2))).allowed).toBe(true);
    expect((await reserve(t.database.db, rule(key, 2))).allowed).toBe(false);
  });

  it("resets one key, not the keys that begin with it", async () => {
    await reserve(t.database.db, rule("test:reset:1", 1));
    await reserve(t.database.db, rule("test:reset:12", 1));
    await reset(t.database.db, "test:reset:1");
    expect((await reserve(t.database.db, rule("test:reset:1", 1))).allowed).toBe(true);
    expect((await reserve(t.database.db, rule("test:reset:12", 1))).allowed).toBe(false);
  });

  it("reserves several limits together, or none of them", async () => {
    const account = rule("test:all:account", 1);
    const address = rule("test:all:address", 5);
    const first = await reserveAll(t.database.db, [account, address]);
    expect(first.allowed).toBe(true);
    // The account is full: the address's slot is not taken for nothing.
    expect(await reserveAll(t.database.db, [account, address])).toMatchObject({ allowed: false, refused: 0 });
    expect(await hitsOf(t.database.db, "test:all:address")).toBe(1);
    // The address is full: the slot just taken on the other account is given back.
    const other = rule("test:all:other", 5);
    const full = rule("test:all:full", 0);
    expect(await reserveAll(t.database.db, [other, full])).toMatchObject({ allowed: false, refused: 1 });
    expect(await hitsOf(t.database.db, "test:all:other")).toBe(0);
    if (first.allowed) await release(t.database.db, first.slots);
    expect(await hitsOf(t.database.db, "test:all:account")).toBe(0);
    expect(await hitsOf(t.database.db, "test:all:address")).toBe(0);
  });

  it("deletes rows whose every hit is older than their window", async () => {
    await reserve(t.database.db, rule("test:purge:old", 3, 10));
    await reserve(t.database.db, rule("test:purge:young", 3, 10));
    await ageHits(t.database.db, "test:purge:old", 11);
    expect(await purgeExpired(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await hitsOf(t.database.db, "test:purge:old")).toBe(0);
    expect(await hitsOf(t.database.db, "test:purge:young")).toBe(1);
  });
});

import fc from "fast-check";
import Sqids from "sqids";
import { describe, expect, it } from "vitest";
import { createIds, fastBlocklistCheck } from "./ids.ts";

const options = { alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", minLength: 8 };

describe("public ids", () => {
  it("encode as sqids do and decode back, also beyond the memo's size", () => {
    const ids = createIds(options);
    const sqids = new Sqids(options);
    for (let id = 1; id <= 12_000; id += 1) {
      const hashid = ids.encode(id);
      expect(hashid).toBe(sqids.encode([id]));
      expect(ids.decode(hashid)).toBe(id);
    }
    // Remembered or not, the answer is the same.
    expect(ids.encode(1)).toBe(sqids.encode([1]));
  });

  it("refuse strings that are not the canonical id of one positive 32-bit key", () => {
    const ids = createIds(options);
    const sqids = new Sqids(options);
    expect(ids.decode(sqids.encode([1, 2]))).toBeNull();
    expect(ids.decode(sqids.encode([0]))).toBeNull();
    expect(ids.decode(sqids.encode([2_147_483_648]))).toBeNull();
    expect(ids.decode("!!")).toBeNull();
  });

  it("block exactly the ids sqids' own check blocks, so every public id stays the same", () => {
    const sqids = new Sqids(options);
    const internals = sqids as unknown as { blocklist: Set<string>; isBlockedId: (id: string) => boolean };
    const original = (id: string) => internals.isBlockedId(id);
    const fast = fastBlocklistCheck(internals.blocklist);
    const words = [...internals.blocklist];
    expect(words.length).toBeGreaterThan(400);
    // Each word alone, in any case, and inside, at the start and at the end of longer ids.
    for (const word of words) {
      for (const id of [
        word,
        word.toUpperCase(),
        `x${word}`,
        `${word}x`,
        `ab${word}cd`,
        `Q${word.slice(1)}`,
        word.slice(0, 3),
      ]) {
        expect(fast(id), id).toBe(original(id));
      }
    }
    const alphabet = options.alphabet.split("");
    const text = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 12 }).map((chars) => chars.join(""));
    const withWord = fc
      .tuple(text, fc.constantFrom(...words), text)
      .map(([before, word, after]) => `${before}${word}${after}`);
    fc.assert(
      fc.property(fc.oneof(text, withWord), (id) => fast(id) === original(id)),
      { numRuns: 20_000 },
    );
    // Some of those ids are blocked, most are not: the comparison saw both answers.
    expect(words.some((word) => fast(`ab${word}cd`))).toBe(true);
    expect(fast("abcdefgh")).toBe(false);
  });

  it("encode as sqids with its own check do, for every key below 60,000", () => {
    const ids = createIds(options);
    const sqids = new Sqids(options);
    for (let id = 1; id < 60_000; id += 1) expect(ids.encode(id)).toBe(sqids.encode([id]));
  });
});

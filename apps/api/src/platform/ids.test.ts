import Sqids from "sqids";
import { describe, expect, it } from "vitest";
import { createIds } from "./ids.ts";

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
});

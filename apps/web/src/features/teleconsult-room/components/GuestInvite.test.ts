import { describe, expect, it } from "vitest";
import { phoneOf } from "./GuestInvite.tsx";

describe("a guest's number as the API takes it (prefix apart, spec 000 §5)", () => {
  it("keeps a foreign prefix written apart, drops the Italian one, and defaults to it", () => {
    expect(phoneOf("+41 79 123 45 67")).toEqual({ prefix: "+41", phone: "791234567" });
    expect(phoneOf("+39 333 1234567")).toEqual({ prefix: "+39", phone: "3331234567" });
    expect(phoneOf("+393331234567")).toEqual({ phone: "3331234567" });
    expect(phoneOf("333 123 4567")).toEqual({ phone: "3331234567" });
  });
});

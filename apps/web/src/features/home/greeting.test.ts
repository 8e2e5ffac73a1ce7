import { describe, expect, it } from "vitest";
import i18n from "../../lib/i18n.ts";
import { greetingKey } from "./greeting.ts";

const at = (hours: number, minutes = 0) => new Date(2025, 3, 1, hours, minutes);

describe("greeting by time of day", () => {
  it("says Buongiorno before 13:00, Buon pomeriggio before 18:00, then Buonasera", () => {
    const say = (d: Date) => i18n.t(greetingKey(d), { lng: "it" });
    expect(say(at(0, 30))).toBe("Buongiorno");
    expect(say(at(12, 59))).toBe("Buongiorno");
    expect(say(at(13))).toBe("Buon pomeriggio");
    expect(say(at(17, 59))).toBe("Buon pomeriggio");
    expect(say(at(18))).toBe("Buonasera");
    expect(say(at(23, 59))).toBe("Buonasera");
  });
});

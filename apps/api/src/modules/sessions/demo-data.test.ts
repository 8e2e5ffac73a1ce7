import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { seedDemoSurveys } from "../surveys/demo-data.ts";
import { seedDemoSessions } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("demo survey sessions (npm start)", () => {
  it("give the demo pharmacy a session of each type over its demo surveys, once", async () => {
    // Without the demo surveys there is nothing to put in a session.
    expect(await seedDemoSessions(t.database.db)).toBe(0);
    await seedDemoSurveys(t.database.db);
    expect(await seedDemoSessions(t.database.db)).toBe(3);
    expect(await seedDemoSessions(t.database.db)).toBe(0);
    const people = await demoCallers(t);
    const sessions = (await people.pharmacyAdmin.get("companies/own/survey-sessions?per_page=50")).json()
      .data as Array<{
      type: string;
      signature_required: boolean;
      surveys: Array<{ name: string }>;
    }>;
    expect(sessions.map((s) => s.type).sort()).toEqual(["anonima", "in_chiaro", "pseudonimizzata"]);
    const inClear = sessions.find((s) => s.type === "in_chiaro");
    expect(inClear?.signature_required).toBe(true);
    expect(inClear?.surveys).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { demoCallers } from "../../companies/test-helpers.ts";
import { seedDemoIrst } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("IRST demo data", () => {
  it("gives Maria Rossi two drugs and two other products, declared ten days ago, once", async () => {
    expect(await seedDemoIrst(t.database.db)).toBe(4);
    expect(await seedDemoIrst(t.database.db)).toBe(0);
    const { citizen } = await demoCallers(t);
    const list = (await citizen.get("activities/irst/therapies")).json();
    expect(list.meta).toMatchObject({ total: 4, farmaci: 2, altri: 2 });
    expect(list.data.map((i: { name: string }) => i.name)).toContain("Iperico");
    expect(list.meta.last_update.kind).toBe("variazione");
    expect(Date.now() - Date.parse(list.meta.last_update.at)).toBeGreaterThan(9 * 86_400_000);
  });
});

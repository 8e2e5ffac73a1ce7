import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createJobRunner } from "./runner.ts";

let t: TestContext;
const log = { debug: () => {}, info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("the job runner", () => {
  it("runs a job through pg-boss on the application's database, once per trigger", async () => {
    const runner = createJobRunner({ pglite: t.database.pglite, pool: t.database.pool, log });
    let runs = 0;
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    runner.define({
      name: "test-job",
      cron: "0 3 * * *",
      run: async () => {
        runs += 1;
        done();
      },
    });
    await runner.start();
    expect(runner.started).toBe(true);
    await runner.trigger("test-job");
    await ran;
    await runner.stop();
    expect(runner.started).toBe(false);
    expect(runs).toBe(1);
  }, 30_000);

  it("runs due jobs now without the queue, and refuses unknown or duplicate jobs", async () => {
    const runner = createJobRunner({ pglite: t.database.pglite, pool: t.database.pool, log });
    let runs = 0;
    runner.define({
      name: "now",
      cron: "* * * * *",
      run: async () => {
        runs += 1;
      },
    });
    expect(() => runner.define({ name: "now", cron: "* * * * *", run: async () => {} })).toThrow();
    await runner.runNow();
    await runner.runNow("now");
    expect(runs).toBe(2);
    await expect(runner.runNow("missing")).rejects.toThrow();
    await expect(runner.trigger("now")).rejects.toThrow("not started");
  });

  it("the app's runner is not started in tests (they run jobs on demand)", () => {
    expect(t.app.jobs.started).toBe(false);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

/** What production needs anyway, so that only the variable under test decides. */
const PRODUCTION = {
  NODE_ENV: "production",
  APP_SECRET: "a-production-secret-of-at-least-32-characters",
  FILES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};

describe("demo data", () => {
  it("is seeded by default outside production, and never by default in production", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("is refused in production: the demo accounts share a published password", () => {
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: "true" })).toThrow(/SEED_DEMO.*production/);
  });

  it("stops the server before it opens anything, with the message and a failure exit code", { timeout: 60_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cura-config-"));
    try {
      const main = fileURLToPath(new URL("./main.ts", import.meta.url));
      const result = spawnSync(process.execPath, [main], {
        env: { PATH: process.env.PATH, ...PRODUCTION, SEED_DEMO: "true", DATA_DIR: dataDir, PORT: "0" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status, result.stderr).not.toBe(0);
      expect(result.status).not.toBeNull();
      expect(result.stderr).toMatch(/SEED_DEMO=true is not allowed in production/);
      // A clear message, not a stack trace.
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

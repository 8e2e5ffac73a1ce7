import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * npm test: type-check, lint, module boundaries, unit and API tests on PGlite, then the browser journeys.
 * `--pg` runs only the API suite against TEST_DATABASE_URL. `--with-postgres` (CI) runs it too, on one
 * worker while the journeys run: they keep a core mostly idle (one server, one browser, waiting on
 * the page), and the two passes in a row took ~22 of CI's minutes.
 * Each Vitest run writes a JSON report under test-results/; the last line printed is the total of
 * every report there: "N passed, N failed".
 */
const resultsDir = "test-results";
const pgOnly = process.argv.includes("--pg");
const withPostgres = process.argv.includes("--with-postgres");
if (!pgOnly) rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let failed = false;
const run = (title: string, command: string, args: string[], env: Record<string, string> = {}) => {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✗ ${title} failed`);
    failed = true;
  }
  return result.status === 0;
};
const vitest = (report: string, projects: string[], env: Record<string, string> = {}) =>
  [
    "vitest",
    [
      "run",
      ...projects.flatMap((p) => ["--project", p]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join(resultsDir, report)}`,
    ],
    env,
  ] as const;

const postgresUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error("TEST_DATABASE_URL is required for the PostgreSQL run");
    process.exit(1);
  }
  return url;
};
const postgresPass = (url: string) => vitest("api-postgres.json", ["api"], { TEST_DATABASE_URL: url });

/** The PostgreSQL pass in the background, its output kept in a log printed when it ends. */
const startInBackground = (title: string, [command, args, env]: ReturnType<typeof vitest>) => {
  const logFile = join(resultsDir, "api-postgres.log");
  // A file descriptor, not a pipe: the journeys run with spawnSync, which blocks this process's event
  // loop, and a pipe nobody reads would stall the pass once its buffer is full.
  const log = openSync(logFile, "w");
  console.log(`\n▶ ${title} (in the background; its output follows the journeys')`);
  const child = spawn(command, [...args, "--maxWorkers=1"], {
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env },
  });
  return new Promise<void>((resolve) => {
    child.on("close", (code) => {
      closeSync(log);
      console.log(`\n▶ ${title}\n${readFileSync(logFile, "utf8")}`);
      if (code !== 0) {
        console.error(`✗ ${title} failed`);
        failed = true;
      }
      resolve();
    });
  });
};

if (pgOnly) {
  const [cmd, args, env] = postgresPass(postgresUrl());
  run("API tests on PostgreSQL", cmd, [...args], env);
} else {
  const pgUrl = withPostgres ? postgresUrl() : null;
  // Only the PostgreSQL pass gets it: the other passes run on PGlite, as `npm test` does.
  delete process.env.TEST_DATABASE_URL;
  run("Type-check (tsc, strict, all workspaces)", "npm", ["run", "--silent", "typecheck"]);
  run("Lint (Biome)", "npx", ["biome", "check", "."]);
  run("Module boundaries (dependency-cruiser)", "npm", ["run", "--silent", "check:boundaries"]);
  run("Migrations match the tables", "npx", ["drizzle-kit", "check", "--config", "apps/api/drizzle.config.ts"]);
  const [cmd, args] = vitest("unit-api.json", ["domain", "api", "web"]);
  run("Unit, component and API tests (PGlite)", cmd, [...args]);
  if (
    run("Chromium for the journeys", process.execPath, ["scripts/ensure-chromium.ts"]) &&
    run("Build the web app", "npm", ["run", "--silent", "build"])
  ) {
    // What each area's first page downloads, from the build's manifest (apps/web/test/budgets.test.ts).
    const [budgetCmd, budgetArgs] = vitest("budgets.json", ["budgets"]);
    run("Front-end budgets (initial JS and CSS per area, gzip)", budgetCmd, [...budgetArgs]);
    const postgres = pgUrl ? startInBackground("API tests on PostgreSQL", postgresPass(pgUrl)) : null;
    const [e2eCmd, e2eArgs] = vitest("e2e.json", ["e2e", "e2e-phone"]);
    run("Browser journeys (Chromium, axe-core; 1366×768, then 390×844)", e2eCmd, [...e2eArgs]);
    await postgres;
  } else if (pgUrl) {
    const [cmd, args, env] = postgresPass(pgUrl);
    run("API tests on PostgreSQL", cmd, [...args], env);
  }
}

let passed = 0;
let failures = 0;
for (const file of readdirSync(resultsDir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(resultsDir, file), "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    success: boolean;
  };
  passed += report.numPassedTests;
  // A file that fails to load fails no test, but fails its run: count it, also in the --pg pass,
  // which totals the earlier reports too.
  failures += report.numFailedTests || (report.success ? 0 : 1);
}
if (failed && failures === 0) failures = 1; // a failed type-check, lint or build counts as a failure
console.log(`\n${passed} passed, ${failures} failed`);
process.exit(failed || failures > 0 ? 1 : 0);

import { assertSupportedRuntime } from "./runtime.ts";

assertSupportedRuntime();

// CURA_START_TIMING=1 prints how long each step of the start took (npm run measure:start).
const startedAt = performance.now();
const timing = process.env.CURA_START_TIMING === "1";
const step = (name: string) => {
  if (timing) console.error(`start: ${name} at ${Math.round(performance.now() - startedAt)} ms`);
};

const { loadConfig } = await import("./config.ts");
// Checked before anything else is loaded or opened: a configuration that must not run (demo data in
// production, a missing secret) stops here with its message alone and a failure exit code.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();
const { openDatabase } = await import("./db/client.ts");
const { migrate } = await import("./db/migrate.ts");
const { seedDemoData, seedDemoActivity, seedReferenceData, demoAccounts, DEMO_PASSWORD } = await import("./db/seed.ts");
const { buildApp } = await import("./app.ts");
step("modules loaded");

if (config.databaseUrl) {
  // Migrations may build an index on a large table: they run on a connection of their own, without
  // the per-request timeouts of the serving pool.
  const setup = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    await migrate(setup);
  } finally {
    await setup.close();
  }
  step("migrations applied");
}
// A new embedded database starts as a copy of the migrated template (db/pglite-template.ts).
const templated = config.databaseUrl
  ? false
  : await (await import("./db/pglite-template.ts")).preparePgliteDataDir(config.dataDir);
if (templated) step("data folder copied from the template");
let reportConnectionLost = (error: Error) => console.error(`Database connection lost: ${error.message}`);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  timeouts: config.databaseTimeouts,
  queueLimit: config.databaseQueueLimit,
  // The request that used the connection answers 503 on its own; this is the line for whoever runs it.
  onConnectionError: (error) => reportConnectionLost(error),
});
step("database open");
if (database.kind === "pglite") {
  await migrate(database);
  step("migrations applied");
}
await seedReferenceData(database.db);
const seeded = config.seedDemo ? await seedDemoData(database.db) : null;
if (seeded) await seedDemoActivity(database.db);
step(seeded ? "demo data created" : "demo data checked");

const app = await buildApp({ config, database });
step("app built");
reportConnectionLost = (error) => app.log.warn({ err: error }, "database connection lost");
await app.listen({ host: config.host, port: config.port });
step("listening");

const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}/pg` : "PostgreSQL (DATABASE_URL)";
console.log(`\nCura is running at ${config.publicUrl}  (API reference: ${config.publicUrl}/api/docs)`);
console.log(
  `Database: ${where}${templated ? ", new from the migrated template" : ""}${seeded ? ", demo data created" : ""}`,
);
if (config.devTools) console.log(`Dev outbox (e-mail and SMS): ${config.publicUrl}/dev/outbox`);
if (config.seedDemo && !config.production) {
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD})`);
  for (const account of demoAccounts) console.log(`  ${account.role.padEnd(40)} ${account.email}`);
  console.log("");
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

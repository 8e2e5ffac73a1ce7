import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteExtensions } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemoData } from "../src/db/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data folder, dumped once, copied by every test file. */
    pgliteTemplate: string;
    /** A PostgreSQL template database name, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrating and seeding once, then copying, keeps each test file's fresh database under a second.
 * On PostgreSQL the template is a database that each file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "cura-test-"));
  const url = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | null = null;

  if (url) {
    postgresTemplate = `cura_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresTemplate}`);
    await admin.query(`create database ${postgresTemplate}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, postgresTemplate) });
    await migrate(handle);
    await seedDemoData(handle.db);
    await handle.close();
    project.provide("pgliteTemplate", "");
  } else {
    const pglite = await PGlite.create({ extensions: await pgliteExtensions() });
    const handle = await openDatabase({ pglite });
    await migrate(handle);
    await seedDemoData(handle.db);
    const dump = await pglite.dumpDataDir("none");
    const file = join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
    project.provide("pgliteTemplate", file);
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && postgresTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
        `${postgresTemplate}%`,
      ]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { createJobRunner } from "../platform/jobs/runner.ts";
import { openDatabase, pgliteExtensions } from "./client.ts";
import { migrate, migrationsFolder } from "./migrate.ts";

/**
 * A new PGlite data folder is a copy of a migrated template instead of a new cluster: PGlite's
 * initdb and the migrations took about 3 s on a quiet machine and 14 s on a busy one, copying the
 * folder about 0.05 s and opening the copy about 0.15 s (issue 15, docs/performance.md "Start and
 * memory"). The template (migrations applied, the job runner's tables created) is built once per set
 * of migrations and versions of PGlite (its data format) and pg-boss (its tables)
 * and kept in a cache folder, so `rm -rf data && npm start` and every new test database reuse it.
 * The demo data is not part of it: it is seeded on the copy (random company codes, dates relative
 * to today).
 */

/**
 * Where templates are kept: CURA_CACHE_DIR, or node_modules/.cache/cura of the checkout (the folder
 * of package-lock.json above the sources or the bundle), or the temp folder.
 */
export function cacheDir(): string {
  if (process.env.CURA_CACHE_DIR) return process.env.CURA_CACHE_DIR;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    if (existsSync(join(dir, "package-lock.json"))) return join(dir, "node_modules", ".cache", "cura");
    dir = dirname(dir);
  }
  return join(tmpdir(), "cura-cache");
}

/** The migrations (names and contents) and the versions of PGlite and pg-boss: a change to any makes a new template. */
export function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(packageVersion("@electric-sql/pglite")).update("\0").update(packageVersion("pg-boss")).update("\0");
  const walk = (dir: string, prefix: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}`).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  walk(migrationsFolder, "");
  return hash.digest("hex").slice(0, 16);
}

function packageVersion(name: string): string {
  // Exports maps need not list ./package.json: the file is found from the entry point.
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (parsed.name === name) return parsed.version ?? "";
    }
    dir = dirname(dir);
  }
  return "";
}

/**
 * The migrated template's data folder, built now if there is none yet. Built in a folder of its own
 * and renamed into place, so a process that builds it at the same time as another (a test run and a
 * server) never sees half a template.
 */
export async function pgliteTemplate(): Promise<string> {
  const target = join(cacheDir(), `pglite-template-${templateKey()}`);
  if (existsSync(join(target, "PG_VERSION"))) return target;
  mkdirSync(cacheDir(), { recursive: true });
  const building = `${target}.${process.pid}.${Date.now()}`;
  try {
    const pglite = await PGlite.create({ dataDir: building, extensions: await pgliteExtensions() });
    try {
      await migrate(await openDatabase({ pglite }));
      // The job runner's own tables too (pg-boss creates them at its first start: ~2 s on a busy machine).
      const jobs = createJobRunner({ pglite, log: { debug() {}, info() {}, error() {} } });
      await jobs.start();
      await jobs.stop();
    } finally {
      await pglite.close();
    }
    try {
      renameSync(building, target);
    } catch (error) {
      // Another process renamed its own first: theirs is as good.
      if (!existsSync(join(target, "PG_VERSION"))) throw error;
    }
    // Templates of earlier migrations are not used again (41 MB each).
    for (const name of readdirSync(cacheDir())) {
      if (/^pglite-template-[0-9a-f]{16}$/.test(name) && join(cacheDir(), name) !== target) {
        rmSync(join(cacheDir(), name), { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * Makes `<dataDir>/pg` a copy of the template when it does not exist yet; an existing folder is
 * left alone (the migrations that follow bring it up to date). Returns whether it copied.
 */
export async function preparePgliteDataDir(dataDir: string): Promise<boolean> {
  const dir = join(dataDir, "pg");
  if (existsSync(join(dir, "PG_VERSION"))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false; // not ours to replace
  const template = await pgliteTemplate();
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, dir, { recursive: true });
  return true;
}

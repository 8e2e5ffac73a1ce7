import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const webRoot = join(import.meta.dirname, "..");
const repoRoot = join(webRoot, "..", "..");

/** Everything a build of the web app reads, relative to the repository: folders are walked. */
const INPUTS = [
  "apps/web/index.html",
  "apps/web/package.json",
  "apps/web/tsconfig.json",
  "apps/web/vite.config.ts",
  "apps/web/vite-plugins",
  "apps/web/src",
  "apps/web/public",
  "packages/domain/package.json",
  "packages/domain/src",
  "tsconfig.base.json",
  // Installed versions (bootstrap-italia's SCSS, React, …).
  "package-lock.json",
];
/** Not part of what is built: tests, and the fonts the build itself copies into public/. */
const IGNORED = /(\.test\.tsx?$|^apps\/web\/src\/test\/|^apps\/web\/public\/fonts\/)/;

/** The file that records which inputs the build in dist was made from. */
export const BUILD_HASH_FILE = ".build-hash";

function files(path: string): string[] {
  const absolute = join(repoRoot, path);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(absolute);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return IGNORED.test(path) ? [] : [path];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => files(`${path}/${name}`));
}

/** A content hash of the web app's inputs: the same inputs give the same build. */
export function webInputsHash(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(repoRoot, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/** Writes the inputs' hash into the build, read by scripts/build-if-changed.ts (`npm start`). */
export function buildHash(): Plugin {
  let outDir = "";
  let inputs = "";
  return {
    name: "cura:build-hash",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Taken before the build reads anything: a file edited during the build makes the next start rebuild.
    buildStart() {
      inputs = webInputsHash();
    },
    closeBundle() {
      writeFileSync(join(outDir, BUILD_HASH_FILE), `${inputs}\n`);
    },
  };
}

export const webDistDir = process.env.CURA_WEB_DIST ?? join(webRoot, "dist");

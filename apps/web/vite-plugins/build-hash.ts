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

/** The files under each input path (folders walked in name order), less the ignored ones. */
function files(root: string, path: string, ignored: RegExp): string[] {
  const absolute = join(root, path);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(absolute);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return ignored.test(path) ? [] : [path];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => files(root, `${path}/${name}`, ignored));
}

/**
 * A content hash of a build's inputs (paths relative to `root`, folders walked): the same inputs
 * give the same build. The web build here and the API bundle (scripts/build-api.ts) use it.
 */
export function inputsHash(root: string, inputs: readonly string[], ignored: RegExp): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((path) => files(root, path, ignored))) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/** A content hash of the web app's inputs: the same inputs give the same build. */
export function webInputsHash(): string {
  return inputsHash(repoRoot, INPUTS, IGNORED);
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

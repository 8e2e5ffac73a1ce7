/**
 * npm run build:api — bundles the API server for `npm run serve` into apps/api/dist/server.js
 * (git-ignored), with esbuild. Why: on Node 24, importing drizzle-orm through its package.json
 * (a 179 KB exports map) cost about 2 s and 190 MB at every start (issue 15, docs/performance.md
 * "Start and memory"); bundled, drizzle is plain code. A module the server imports on first use (the
 * PGlite template, the OpenAPI document) is a chunk of its own beside server.js, so that the
 * packages it imports load with it and not at start. The packages that read files of
 * their own at run time (PGlite's WebAssembly, swagger-ui's pages, pdfkit's fonts, argon2's native
 * binding…) stay external and load from node_modules as before; only those named in BUNDLED are inlined.
 *
 * Files the sources read next to themselves (the migrations, the products list, the web build, the
 * comuni through createRequire) are found where they are: every `import.meta.url` in a bundled
 * source file becomes that file's own URL, relative to the bundle, so nothing is copied and the
 * sources stay the one copy. The bundle belongs with its checkout (it is not a deployable artifact
 * on its own: run it from the repository, as `npm run serve` does).
 *
 * `npm run serve` rebuilds it when its inputs changed (scripts/serve.js runs `build-api.ts --if-stale`,
 * which compares the content hash recorded here); `npm run dev:api` runs the sources and never needs it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
import { inputsHash } from "../apps/web/vite-plugins/build-hash.ts";

export const repoRoot = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const apiDist = join(repoRoot, "apps/api/dist");
export const bundleFile = join(apiDist, "server.js");
/** The inputs' hash of the bundle in dist, written next to it. */
export const bundleHashFile = join(apiDist, ".build-hash");

/** Packages inlined into the bundle: those whose import through node_modules costs at start. */
const BUNDLED = ["drizzle-orm", "@cura/domain"];

/** Everything the bundle is made from, relative to the repository: folders are walked. */
const INPUTS = [
  "apps/api/src",
  "apps/api/package.json",
  "packages/domain/src",
  "packages/domain/package.json",
  "scripts/build-api.ts",
  // Installed versions (drizzle-orm is inlined).
  "package-lock.json",
];
const IGNORED = /\.test\.ts$|\/migrations\//;

/** A content hash of the bundle's inputs: the same inputs give the same bundle. */
export function apiInputsHash(): string {
  return inputsHash(repoRoot, INPUTS, IGNORED);
}

/** Bare imports are external unless their package is in BUNDLED. */
const externals: Plugin = {
  name: "cura-externals",
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
      if (BUNDLED.includes(name as string)) return undefined;
      return { external: true };
    });
  },
};

/** `import.meta.url` in a source file: the URL of that file, wherever the bundle runs from. */
const ownUrls: Plugin = {
  name: "cura-own-urls",
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(dirname(bundleFile), args.path);
      return {
        contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: "ts",
      };
    });
  },
};

export async function buildApi(): Promise<{ ms: number; bytes: number; files: number }> {
  const started = performance.now();
  // Taken before the build reads anything: a file edited during the build makes the next serve rebuild.
  const inputs = apiInputsHash();
  mkdirSync(apiDist, { recursive: true });
  // Loaded here, not at the top: `npm run serve` imports this file for the hash alone.
  const { build } = await import("esbuild");
  // The last build's chunks go: their names change with their contents.
  for (const file of readdirSync(apiDist)) {
    if (/\.js(\.map)?$/.test(file)) rmSync(join(apiDist, file));
  }
  const result = await build({
    entryPoints: { server: join(repoRoot, "apps/api/src/main.ts") },
    outdir: apiDist,
    // A module the server imports on first use (the PGlite template, the OpenAPI document's
    // database) is a chunk of its own, with its packages' imports: in one file every static import
    // of every module is hoisted to the top and loaded at start (PGlite on a PostgreSQL server).
    splitting: true,
    chunkNames: "[name]-[hash]",
    metafile: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    sourcemap: "linked",
    // Names stay readable in stack traces and logs.
    minify: false,
    legalComments: "none",
    // Inlined CommonJS code calls require() for Node's built-ins: an ES module has none of its own.
    banner: {
      js: 'import { createRequire as __curaRequire } from "node:module"; const require = __curaRequire(import.meta.url);',
    },
    logLevel: "warning",
    plugins: [externals, ownUrls],
  });
  // esbuild escapes the non-ASCII characters of strings, but not those of the comments it keeps nor
  // of regular expression literals: one "…" in a comment made V8 hold the whole 2 MB source as a
  // two-byte string, 2 MB more in every server (docs/performance.md "Start and memory"). A \u escape
  // means the same character in a string, a template or a regular expression, and is harmless in a
  // comment (only the source map's columns after it move, on that line).
  const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
  for (const output of outputs) {
    const file = join(repoRoot, output);
    const code = readFileSync(file, "utf8");
    const ascii = code.replace(/[^\p{ASCII}]/gu, (char) =>
      // UTF-16 code units: a character beyond the first plane becomes its surrogate pair.
      Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
    );
    if (ascii !== code) writeFileSync(file, ascii);
  }
  writeFileSync(bundleHashFile, `${inputs}\n`);
  const bytes = outputs.reduce((sum, output) => sum + statSync(join(repoRoot, output)).size, 0);
  return { ms: performance.now() - started, bytes, files: outputs.length };
}

/** Whether the bundle is missing or was built from other inputs than the current ones. */
export function bundleState(): "missing" | "stale" | "current" {
  if (!existsSync(bundleFile) || !existsSync(bundleHashFile)) return "missing";
  return readFileSync(bundleHashFile, "utf8").trim() === apiInputsHash() ? "current" : "stale";
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // `--if-stale` (npm run serve, scripts/serve.js): build only when the bundle is missing or its inputs changed.
  const started = performance.now();
  const state = process.argv.includes("--if-stale") ? bundleState() : "stale";
  if (state === "current") {
    if (process.env.CURA_SERVE_VERBOSE) {
      console.log(`API bundle up to date (checked in ${Math.round(performance.now() - started)} ms)`);
    }
  } else {
    if (process.argv.includes("--if-stale")) {
      console.log(state === "missing" ? "No API bundle yet: bundling" : "API sources changed: bundling");
    }
    const { ms, bytes, files } = await buildApi();
    console.log(
      `API bundle: ${relative(repoRoot, bundleFile)} and ${files - 1} chunks (${(bytes / 1024).toFixed(0)} KB) in ${Math.round(ms)} ms`,
    );
  }
}

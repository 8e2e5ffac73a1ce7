/**
 * npm run serve — runs the API from its bundle (apps/api/dist/server.js, scripts/build-api.ts),
 * bundling it first when it is missing or its inputs (the API's and the domain's sources, the
 * installed versions) changed since. The bundle starts in about a second and holds ~100 MB less than
 * the sources on Node 24 (docs/performance.md "Start and memory"); `npm run dev:api` runs the sources.
 *
 * The check reads the inputs' content hash (tens of milliseconds); a build runs as a child process,
 * so esbuild never stays in the server's memory. The server then runs in this process: signals and
 * the exit code are its own.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { apiInputsHash, bundleFile, bundleHashFile, repoRoot } from "./build-api.ts";

const started = performance.now();
const built = existsSync(bundleFile) && existsSync(bundleHashFile);
if (!built || readFileSync(bundleHashFile, "utf8").trim() !== apiInputsHash()) {
  console.log(built ? "API sources changed: bundling" : "No API bundle yet: bundling");
  const result = spawnSync(process.execPath, ["scripts/build-api.ts"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else if (process.env.CURA_SERVE_VERBOSE) {
  console.log(`API bundle up to date (checked in ${Math.round(performance.now() - started)} ms)`);
}
await import(pathToFileURL(bundleFile).href);

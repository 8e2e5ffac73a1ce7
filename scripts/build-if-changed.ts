import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILD_HASH_FILE, webDistDir, webInputsHash } from "../apps/web/vite-plugins/build-hash.ts";

/**
 * `npm start`'s first step: build the web app only when its inputs (apps/web, packages/domain, the
 * installed versions) differ from those of the build in apps/web/dist, which the build records in
 * dist/.build-hash. `npm run build` always builds.
 */
const started = performance.now();
const hashFile = join(webDistDir, BUILD_HASH_FILE);
const built = existsSync(join(webDistDir, "index.html")) && existsSync(hashFile);
const current = webInputsHash();
if (built && readFileSync(hashFile, "utf8").trim() === current) {
  const ms = Math.round(performance.now() - started);
  console.log(`Web app up to date (${webDistDir}, inputs unchanged; checked in ${ms} ms)`);
} else {
  console.log(built ? "Web app inputs changed: building" : "No web build yet: building");
  // Only the web app: `npm run serve` bundles the API itself when its sources changed.
  const result = spawnSync("npm", ["run", "--silent", "build", "-w", "@cura/web"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * npm run serve — runs the API from its bundle (apps/api/dist/server.js, scripts/build-api.ts),
 * bundling it first when it is missing or its inputs (the API's and the domain's sources, the
 * installed versions) changed since. The bundle starts in about a second and holds ~100 MB less than
 * the sources on Node 24 (docs/performance.md "Start and memory"); `npm run dev:api` runs the sources.
 *
 * Plain JavaScript, unlike the other scripts, and the check runs in a child process
 * (`build-api.ts --if-stale`: the inputs' content hash, tens of milliseconds; esbuild when a build is
 * needed): a TypeScript entry made Node load its type stripper (a WebAssembly module), which then
 * stayed in the process with the hashing's modules, 16 MB of the server's idle memory. The server
 * itself runs in this process: signals and the exit code are its own.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const check = spawnSync(process.execPath, ["scripts/build-api.ts", "--if-stale"], { cwd: repoRoot, stdio: "inherit" });
if (check.status !== 0) process.exit(check.status ?? 1);
await import(new URL("../apps/api/dist/server.js", import.meta.url).href);

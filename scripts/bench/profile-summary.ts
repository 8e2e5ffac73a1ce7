/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the API's under `BENCH_PROFILE=<dir> npm run
 * bench:api`): where the busy time went, by function (self time), by package or source folder
 * (self time), and the inclusive time of the functions that matched `--focus`.
 *
 *   node scripts/bench/profile-summary.ts <file.cpuprofile> [--top 30] [--focus computeSlots,safeEncode]
 *
 * Idle, garbage collection and "(program)" are shown apart, so the percentages are of the busy time.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
if (!file) {
  console.error("usage: node scripts/bench/profile-summary.ts <file.cpuprofile> [--top N] [--focus a,b]");
  process.exit(2);
}
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const top = Number(option("top") ?? 30);
const focus = (option("focus") ?? "").split(",").filter(Boolean);

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node, from the samples and their time deltas (microseconds).
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const special = new Set(["(idle)", "(garbage collector)", "(program)", "(root)"]);
let busy = 0;
const apart = new Map<string, number>();
for (const [id, us] of self) {
  const name = byId.get(id)?.callFrame.functionName ?? "";
  if (special.has(name)) apart.set(name, (apart.get(name) ?? 0) + us);
  if (name !== "(idle)") busy += us;
}

/** A readable place: the package under node_modules, else the path from the repository's root. */
function place(url: string): string {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return url;
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + 14).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const repo = url.indexOf("/apps/") >= 0 ? url.indexOf("/apps/") : url.indexOf("/packages/");
  return repo >= 0 ? url.slice(repo + 1) : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, us] of self) {
  const frame = byId.get(id)?.callFrame;
  if (!frame || frame.functionName === "(idle)") continue;
  const where = place(frame.url);
  const key = `${frame.functionName || "(anonymous)"}  ${where}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const folder = where.startsWith("apps/") || where.startsWith("packages/") ? where : where.split("/")[0];
  byPlace.set(folder ?? where, (byPlace.get(folder ?? where) ?? 0) + us);
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
};

console.log(`${file}: busy ${(busy / 1000).toFixed(0)} ms`);
for (const [name, us] of apart) console.log(`  ${name}: ${(us / 1000).toFixed(0)} ms`);
print("Self time by function", byFunction);
print("Self time by package or source file", byPlace);

if (focus.length > 0) {
  // Inclusive time: a sample counts once for each focused function on its stack.
  const inclusive = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    let id: number | undefined = profile.samples[i];
    const seen = new Set<string>();
    while (id !== undefined) {
      const name = byId.get(id)?.callFrame.functionName ?? "";
      if (focus.includes(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
      }
      id = parent.get(id);
    }
  }
  print("Inclusive time of the focused functions", inclusive);
}

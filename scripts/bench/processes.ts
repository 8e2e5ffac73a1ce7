import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * The processes a benchmark measures (the API and the bare baseline): started with cpu-report.js
 * preloaded, waited for, asked for their own CPU time and RSS over IPC, and stopped.
 * BENCH_NODE_FLAGS adds Node flags to each (a probe to look inside: `--trace-gc`, `--import probe.js`).
 */

const root = new URL("../..", import.meta.url).pathname;
const cpuReport = new URL("./cpu-report.js", import.meta.url).pathname;

export function spawnMeasured(
  script: string,
  env: Record<string, string>,
  log: string,
  nodeFlags: string[] = [],
): ChildProcess {
  const out = createWriteStream(log);
  const extra = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, ...extra, "--import", cpuReport, script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

/** Until `url` answers below 500, or the process exits, or `timeoutMs` passes. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The child's own CPU time so far (ms) and RSS (MB), asked over IPC (cpu-report.js). */
export function usageOf(child: ChildProcess): Promise<{ cpuMs: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const listener = (message: unknown) => {
      const m = message as { cpuMs?: unknown; rssMb?: unknown } | null;
      if (typeof m?.cpuMs !== "number" || typeof m.rssMb !== "number") return;
      clearTimeout(timer);
      child.off("message", listener);
      resolve({ cpuMs: m.cpuMs, rssMb: m.rssMb });
    };
    const timer = setTimeout(() => {
      child.off("message", listener);
      reject(new Error("no CPU report within 5 s"));
    }, 5_000);
    child.on("message", listener);
    child.send("cpu");
  });
}

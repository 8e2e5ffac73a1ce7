/**
 * What the fault harnesses share (`npm run fault:pg`, `npm run fault:slow`): logging, a free loopback
 * port, the API as a child process with demo data, and a small HTTP client that never throws.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../apps/api/src/db/seed.ts";

export const root = new URL("../..", import.meta.url).pathname;

export function log(line: string): void {
  console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);
}

export function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API (apps/api/src/main.ts) on a loopback port, demo data on an empty database, its output in
 * `<workDir>/api.log`. Development mode: the demo accounts the load signs in with exist only there.
 */
export function startApi(options: {
  databaseUrl: string;
  port: number;
  workDir: string;
  env?: Record<string, string>;
}): ChildProcess {
  const out = createWriteStream(join(options.workDir, "api.log"));
  const child = spawn(process.execPath, ["apps/api/src/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.workDir,
      STORAGE_DIR: join(options.workDir, "files"),
      APP_SECRET: randomBytes(32).toString("hex"),
      FILES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

export interface Answer {
  status: number; // 0: no HTTP answer (network error, timeout)
  ms: number;
  body: { data?: { hashid?: string; database?: string }; message?: string; code?: string } | null;
  /** The API answered with the stored answer of an earlier request with the same Idempotency-Key. */
  replayed?: boolean;
}

export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  timeoutMs = 15_000,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: Answer["body"] = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as no body.
    }
    return {
      status: response.status,
      ms: performance.now() - started,
      body: parsed,
      replayed: response.headers.get("idempotent-replayed") === "true",
    };
  } catch {
    return { status: 0, ms: performance.now() - started, body: null };
  }
}

export async function waitForApi(base: string, api: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited at start (code ${api.exitCode}); see its log`);
    if ((await call(base, "GET", "health")).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the API did not answer /health within ${timeoutMs / 1000} s`);
}

export async function login(base: string, email: string): Promise<string> {
  const answer = await call(base, "POST", "users/login", undefined, { email, password: DEMO_PASSWORD });
  const token = (answer.body?.data as { token?: string } | undefined)?.token;
  if (answer.status !== 200 || !token)
    throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return token;
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
};

/**
 * The API as `npm start` runs it (a PGlite data folder with the demo data, on loopback only), for the
 * scripts that look at the built web app in a browser: lighthouse.ts, screens.ts, profile-page.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../apps/api/src/db/seed.ts";

const ROOT = join(import.meta.dirname, "..");

export function startDemoServer(options: {
  port: number;
  dataDir: string;
  /** The build to serve (the server reads CURA_WEB_DIST too). */
  webDist: string;
  /** Where the server's own output goes ("pipe": read it from the child's stdout and stderr). */
  output: "inherit" | "pipe" | "ignore";
}): ChildProcess {
  const { port, dataDir, webDist, output } = options;
  return spawn(process.execPath, ["apps/api/src/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      CURA_WEB_DIST: webDist,
    },
    stdio: ["ignore", output, output],
  });
}

/** Until the server answers its health check, it exits, or `timeoutMs` passes. */
export async function waitForServer(base: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/v1/health within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Signs a demo account in through the API and answers the local storage entries the web app writes
 * after a sign-in (apps/web/src/lib/session.ts), so that a page can be opened already signed in.
 */
export async function signedInStorage(base: string, email: string): Promise<[string, string][]> {
  const response = await fetch(`${base}/api/v1/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing ${email} in answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { company?: unknown } } };
  const entries: [string, string][] = [
    ["token", data.token],
    ["user", JSON.stringify(data.user)],
  ];
  if (data.user.company) entries.push(["company", JSON.stringify(data.user.company)]);
  return entries;
}

/**
 * The bare baseline of `npm run bench:api` (issue 15): a Fastify 5 + pg server that answers each
 * benchmarked read with exactly the SQL the API's route executes — captured from the driver by
 * scripts/bench/api.ts, with the same parameters, in the same order, the statements the route sends
 * together sent together — and nothing else: no access rule, no validation, no audit, no
 * presentation beyond JSON of the rows. What the API costs above this is the price of its code.
 *
 * The session lookup is kept (a real server must resolve the bearer token): the captured token hash
 * is replaced by the hash of the token each request carries. Statements the route sent as named
 * prepared statements are sent with the same name, so both sides use the same protocol.
 *
 * Started by api.ts as a child process: BASELINE_PORT, BASELINE_DATABASE_URL, BASELINE_POOL_SIZE
 * (the API's pool size), BASELINE_SCENARIOS (a JSON file: scenario name → groups of statements).
 * It serves GET /baseline/<scenario>. Not for anything but the benchmark.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";

export interface CapturedStatement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the route sent one. */
  name?: string;
  rowMode?: "array";
  /** The position of the session token's hash among `values`, replaced per request. */
  tokenParam?: number;
}

/** Statements sent while another of the group was still running (Promise.all in the route). */
export type CapturedScenario = CapturedStatement[][];

async function main(): Promise<void> {
  const port = Number(process.env.BASELINE_PORT);
  const scenarios = JSON.parse(readFileSync(String(process.env.BASELINE_SCENARIOS), "utf8")) as Record<
    string,
    CapturedScenario
  >;
  const pool = new pg.Pool({
    connectionString: process.env.BASELINE_DATABASE_URL,
    max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
  });
  pool.on("error", () => {});
  const app = Fastify({ logger: false });

  const run = (statement: CapturedStatement, tokenHash: string) => {
    const values =
      statement.tokenParam === undefined
        ? statement.values
        : statement.values.map((value, i) => (i === statement.tokenParam ? tokenHash : value));
    return pool.query({
      text: statement.text,
      values,
      ...(statement.name ? { name: statement.name } : {}),
      ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
    });
  };

  app.get<{ Params: { scenario: string } }>("/baseline/:scenario", async (request, reply) => {
    const groups = scenarios[request.params.scenario];
    if (!groups) return reply.status(404).send({ message: "no such scenario" });
    const token = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const tokenHash = createHash("sha256").update(token).digest("hex");
    const rows: unknown[] = [];
    for (const group of groups) {
      const results = await Promise.all(group.map((statement) => run(statement, tokenHash)));
      for (const result of results) rows.push(result.rows);
    }
    return { data: rows };
  });

  await app.listen({ host: "127.0.0.1", port });
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

await main();

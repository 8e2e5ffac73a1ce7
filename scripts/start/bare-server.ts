/**
 * The bare baseline of `npm run measure:start`: Fastify 5 and a pg pool answering GET /api/v1/health
 * with `select 1`, nothing else. What the API's start and idle memory cost above this is the price
 * of its code and its dependencies. PORT, BARE_DATABASE_URL.
 */
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
pool.on("error", () => {});
const app = Fastify({ logger: false });
app.get("/api/v1/health", async () => {
  await pool.query("select 1");
  return { data: { status: "ok" } };
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());

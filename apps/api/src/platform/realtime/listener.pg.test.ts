import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { signedInRealtime } from "../../../test/realtime-client.ts";

/**
 * PostgreSQL only: the instance's LISTEN connection is its own, outside the pool; when the database
 * drops it (a restart, a failover, an administrator), the instance listens again, tells its sockets
 * to fetch what they may have missed (`resync`), and delivers what is published after.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  t.app.realtime.registerRoomKind("prova", { authorize: async (_principal, id) => id });
});
afterAll(() => t.close());

it("listens again after its database connection is killed, and says so to its sockets", async () => {
  const client = await signedInRealtime(t.app, await t.login(accounts.citizen));
  client.send({ type: "join", room: "prova:dopo" });
  await client.next("joined");
  const killed = await t.database.db.execute(
    sql`select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = 'cura-realtime' and datname = current_database()`,
  );
  expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  expect(await client.next("resync", 10_000)).toEqual({ type: "resync" });
  await t.app.realtime.publish(t.database.db, "prova:dopo", "ancora", { ok: true });
  expect(await client.next("event")).toMatchObject({ room: "prova:dopo", event: "ancora", payload: { ok: true } });
  client.close();
});

import { errorCatalogue } from "@cura/domain";
import { count, isNull, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { waitUntilBlocked } from "../../../../test/lock-waits.ts";
import { loadExcelJS } from "../../../platform/heavy-libraries.ts";
import { users } from "../../identity/tables.ts";

/**
 * PostgreSQL only (another client holds a lock; PGlite serves one connection): a streamed export
 * that lasts longer than the request timeout still completes. The full export of a million accounts
 * takes minutes, and REQUEST_TIMEOUT_MS (30 s) cut it mid-file ("other side closed" after 23.7 MB,
 * docs/performance.md "Back office at scale"); a download route's answer is bounded by
 * DOWNLOAD_TIMEOUT_MS once it has started (platform/downloads.ts), and by the request's own bound
 * until then.
 *
 * Not a timed test: the export is held, after its answer has started, by a lock on a table its
 * batches read (the suspensions with an end: signing in does not read it), for longer than the
 * request timeout of this context. Held that long, the old bound always ran out before the export
 * could finish, whatever the machine's speed; the assertions are on what the client received.
 */
const REQUEST_TIMEOUT_MS = 1000;
const ACCOUNTS = 2500;

let t: TestContext;
let admin: string;
let locker: pg.Client;

beforeAll(async () => {
  t = await createTestContext({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  admin = await t.login(accounts.admin);
  // More than two batches of the export (1000 each).
  await t.database.db.execute(sql`
    with made as (
      insert into users (email, type, i_am)
      select 'esporta.' || g || '@example.test', 0, 'cittadino' from generate_series(1, ${ACCOUNTS}) g
      returning id
    )
    insert into anagrafiche (user_id, name, surname) select id, 'Ester', 'Esportata' from made`);
  const url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!url) throw new Error("this test needs PostgreSQL (TEST_DATABASE_URL)");
  locker = new pg.Client({ connectionString: url });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await t?.close();
});

/** Holds `table` locked in a transaction of another client until `release`. */
async function holdTable(table: string): Promise<{ release(): Promise<void> }> {
  await locker.query("begin");
  await locker.query(`lock table ${table} in access exclusive mode`);
  return { release: async () => void (await locker.query("rollback")) };
}

it("an export held past the request timeout once its answer has started still sends the whole workbook", async () => {
  const lock = await holdTable("admin_user_suspensions");
  const download = t.request({ method: "GET", url: "/api/v1/users/registrati/export/xls", token: admin });
  // The export's first batch waits: its answer (the headers) has started.
  await waitUntilBlocked(locker);
  await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 500));
  await lock.release();
  const response = await download;
  expect(response.statusCode).toBe(200);
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Utenti");
  const [live] = await t.database.db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  // The header and a row per account: the last batch arrived after the request timeout.
  expect(sheet?.rowCount).toBe(1 + (live?.n ?? 0));
  expect(ACCOUNTS).toBeLessThan(live?.n ?? 0);
});

it("a download route's JSON answer still ends at the request timeout (503)", async () => {
  // The system log's page: the same route answers its export (export=xls).
  const lock = await holdTable("audit_log");
  const started = Date.now();
  const response = await t.request({ method: "GET", url: "/api/v1/utilities/dati/logs", token: admin });
  const elapsed = Date.now() - started;
  await lock.release();
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ message: errorCatalogue.unavailable.message });
  expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
});

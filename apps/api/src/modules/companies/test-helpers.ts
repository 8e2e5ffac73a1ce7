import { accounts, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, isoWeekday, zonedDate } from "../../platform/zoned-time.ts";
import { anagrafiche, users } from "../identity/tables.ts";
import { DEMO_CLOSURES } from "./demo-closures.ts";
import { operators } from "./tables.ts";

/** Companies tests' shared pieces: signed-in callers and dates that are always in the future. */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Caller {
  token: string;
  call(method: Method, path: string, body?: unknown): ReturnType<TestContext["request"]>;
  get(path: string): ReturnType<TestContext["request"]>;
}

export function caller(t: TestContext, token: string): Caller {
  const call = (method: Method, path: string, body?: unknown) =>
    t.request({ method, url: `/api/v1/${path}`, token, ...(body !== undefined ? { body } : {}) });
  return { token, call, get: (path) => call("GET", path) };
}

/** The demo people of every kind, signed in. */
export async function demoCallers(t: TestContext) {
  const [pharmacyAdmin, pharmacyOperator, roomAdmin, roomOperator, citizen, citizen2, admin] = await Promise.all([
    t.login(accounts.pharmacyAdmin),
    t.login(accounts.pharmacyOperator),
    t.login(accounts.roomAdmin),
    t.login(accounts.roomOperator),
    t.login(accounts.citizen),
    t.login(accounts.citizen2),
    t.login(accounts.admin),
  ]);
  return {
    /** Farmacia San Marco (level 1), every permission string. */
    pharmacyAdmin: caller(t, pharmacyAdmin),
    /** Farmacia San Marco, no permission string. */
    pharmacyOperator: caller(t, pharmacyOperator),
    /** Centrale di Monitoraggio Lazio (level 5), every permission string. */
    roomAdmin: caller(t, roomAdmin),
    roomOperator: caller(t, roomOperator),
    citizen: caller(t, citizen),
    citizen2: caller(t, citizen2),
    admin: caller(t, admin),
  };
}

/** The hashid of the caller's company (from their profile). */
export async function ownCompanyHashid(c: Caller): Promise<string> {
  const me = (await c.get("users/fresh/me")).json().data;
  return me.company.hashid as string;
}

/** A company's hashid by exact name, through the search. */
export async function companyHashid(c: Caller, name: string): Promise<string> {
  const found = (await c.get(`companies/compact/search?q=${encodeURIComponent(name)}&per_page=100`)).json()
    .data as Array<{
    hashid: string;
    name: string;
  }>;
  const company = found.find((x) => x.name === name);
  if (!company) throw new Error(`no company ${name}`);
  return company.hashid;
}

/** Days from `nextMonday()` the tests may use: two full weeks. */
const TEST_WEEKS_DAYS = 14;

/**
 * The Monday of next week in Rome (always at least one day ahead, so no slot is past), or a later
 * one when a demo closure of Farmacia San Marco, where the tests book and count slots, falls within
 * the two weeks from it: tests must not depend on which week of the real calendar they run in.
 * (The later Monday stays within the 30 days the statistics show by default.)
 */
export function nextMonday(now = Date.now()): string {
  const today = zonedDate(now, "Europe/Rome");
  let monday = addDays(today, 8 - isoWeekday(today));
  const last = () => addDays(monday, TEST_WEEKS_DAYS - 1);
  const pharmacyClosures = DEMO_CLOSURES.filter((c) => c.company === null);
  while (pharmacyClosures.some((c) => c.dateFrom <= last() && c.dateTo >= monday)) monday = addDays(monday, 7);
  return monday;
}

/**
 * An operator of another demo company, created directly in the database (the demo accounts work
 * for Farmacia San Marco and the monitoring room only), signed in.
 */
export async function operatorOf(
  t: TestContext,
  companyHashidValue: string,
  permissions: string[] = [],
): Promise<Caller> {
  const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
  const companyId = ids.decode(companyHashidValue);
  if (companyId === null) throw new Error("bad company hashid");
  const email = `operatore.${companyId}.${Date.now()}@example.it`;
  const now = new Date();
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      username: email.split("@")[0],
      passwordHash: await hashPassword(DEMO_PASSWORD),
      type: 1,
      iAm: "operatore",
      emailVerifiedAt: now,
      numberVerifiedAt: now,
      dataConsense: true,
      shareConsense: true,
      chargeConsense: true,
    })
    .returning({ id: users.id });
  const userId = (user as { id: number }).id;
  await t.database.db
    .insert(anagrafiche)
    .values({ userId, name: "Chiara", surname: "Lombardi", telNumber: "3331112223" });
  await t.database.db.insert(operators).values({ userId, companyId, role: "amministratore", permissions });
  return caller(t, await t.login(email));
}

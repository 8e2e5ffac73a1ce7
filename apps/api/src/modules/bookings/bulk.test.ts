import { MAX_BULK_BOOKINGS } from "@cura/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { countStatements, type StatementCounter } from "../../../test/statements.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers, nextMonday, ownCompanyHashid } from "../companies/test-helpers.ts";
import { NOTIFICATION_EMAILS_JOB } from "../notifications/dispatcher.ts";
import { notifications } from "../notifications/tables.ts";
import { bookingEvents, bookings } from "./tables.ts";

/** The bulk actions at their cap: set-based, with each booking's rows as a single change writes them. */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let statements: StatementCounter;
let service: string;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const decode = (hashid: string) => ids.decode(hashid) as number;
/** Every booking of these tests starts at the same time: their notifications read the same. */
const start = new Date(zonedToInstant(addDays(nextMonday(), 2), "10:00", "Europe/Rome"));

beforeAll(async () => {
  t = await createTestContext();
  statements = countStatements(t.database);
  people = await demoCallers(t);
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Holter pressorio",
    slot_minutes: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
});
afterAll(() => t.close());

async function userIdOf(c: Caller): Promise<number> {
  return decode((await c.get("users/fresh/me")).json().data.hashid);
}

/**
 * `n` booking requests of the citizen as POST reservations leaves them (ricevuto, awaiting the
 * company, a "created" entry), or confirmed ones, written directly in two statements: the tests
 * are about the bulk actions, and 500 bookings through the wizard would take minutes.
 */
async function requests(n: number, status: "ricevuto" | "confermato" = "ricevuto"): Promise<string[]> {
  const companyId = decode(await ownCompanyHashid(people.pharmacyAdmin));
  const userId = await userIdOf(people.citizen);
  const rows = await t.database.db
    .insert(bookings)
    .values(
      Array.from({ length: n }, () => ({
        companyId,
        healthServiceId: decode(service),
        userId,
        status,
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        awaiting: status === "ricevuto" ? ("new" as const) : null,
      })),
    )
    .returning({ id: bookings.id });
  await t.database.db
    .insert(bookingEvents)
    .values(rows.map((row) => ({ bookingId: row.id, actorUserId: userId, action: "created", toStatus: "ricevuto" })));
  return rows.map((row) => ids.encode(row.id));
}

/** Sends the e-mails of earlier calls first: the dispatcher's statements are not the bulk action's. */
async function quietDispatcher(): Promise<void> {
  await t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB);
  // A kick of the earlier call (250 ms after it) finds nothing left, before the measured call.
  await new Promise((resolve) => setTimeout(resolve, 400));
}

async function massReject(hashids: string[]) {
  await quietDispatcher();
  statements.reset();
  const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/reject", {
    ids: hashids,
    reason: 2,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { result: response.json().data, count: statements.count, sql: [...statements.statements] };
}

describe("bulk actions, set-based", () => {
  it("refuses 500 bookings (the cap) with as few statements as 5, the skipped ones still counted", async () => {
    // The operator's first call (session, caches) out of the way.
    await massReject(await requests(1));
    const few = await massReject(await requests(5));
    const many = await massReject([...(await requests(MAX_BULK_BOOKINGS - 20)), ...(await closedOnes(20))]);
    expect(many.result).toMatchObject({ matched: MAX_BULK_BOOKINGS, changed: MAX_BULK_BOOKINGS - 20, skipped: 20 });
    expect(many.result.skipped_ids).toHaveLength(20);
    expect(many.count, `${many.count} statements for 500 bookings, ${few.count} for 5`).toBeLessThanOrEqual(
      few.count + 2,
    );
    expect(many.count, many.sql.slice(0, 30).join("\n")).toBeLessThanOrEqual(25);
    const refused = await t.database.db
      .select({ status: bookings.status, reason: bookings.refusalReason, awaiting: bookings.awaiting })
      .from(bookings)
      .where(inArray(bookings.id, many.result.changed_ids.map(decode)));
    expect(refused).toHaveLength(MAX_BULK_BOOKINGS - 20);
    expect(new Set(refused.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ status: "rifiutato", reason: 2, awaiting: null })]),
    );
  });

  it("writes each booking's history, audit entry and notifications as a single refusal does", async () => {
    const [single, ...bulk] = await requests(3);
    const alone = await people.pharmacyOperator.call("POST", `reservations/company/reject/${single}`, { reason: 2 });
    expect(alone.statusCode, alone.body).toBe(200);
    const { result } = await massReject(bulk);
    expect(result.changed_ids.sort()).toEqual([...bulk].sort());

    // Every e-mail sent, so that the notifications' delivery state is the same for all.
    await quietDispatcher();
    const written = async (hashid: string) => {
      const id = decode(hashid as string);
      const history = (await people.pharmacyAdmin.get(`reservations/history/${hashid}`)).json().data as Array<
        Record<string, unknown>
      >;
      const events = await t.database.db
        .select({
          actor: bookingEvents.actorUserId,
          action: bookingEvents.action,
          from: bookingEvents.fromStatus,
          to: bookingEvents.toStatus,
          detail: bookingEvents.detail,
        })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, id))
        .orderBy(asc(bookingEvents.id));
      const audit = await t.database.db
        .select({
          actor: auditLog.actorUserId,
          actorType: auditLog.actorType,
          action: auditLog.action,
          companyId: auditLog.companyId,
          detail: auditLog.detail,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, String(id))));
      const notices = await t.database.db
        .select({
          userId: notifications.userId,
          kind: notifications.kind,
          audience: notifications.audience,
          title: notifications.title,
          body: notifications.body,
          action: notifications.action,
          emailStatus: notifications.emailStatus,
        })
        .from(notifications)
        .where(eq(notifications.bookingId, id))
        .orderBy(asc(notifications.id));
      // The one difference: a bulk change says so in its detail.
      const withoutBulk = (detail: Record<string, unknown> | null) => {
        const { bulk: _bulk, ...rest } = detail ?? {};
        return rest;
      };
      return {
        history: history.map(({ created_at: _at, ...entry }) => entry),
        events: events.map((e) => ({ ...e, detail: withoutBulk(e.detail) })),
        bulkFlags: [...events.map((e) => e.detail?.bulk), ...audit.map((a) => a.detail?.bulk)],
        audit: audit.map((a) => ({ ...a, detail: withoutBulk(a.detail) })),
        notices,
      };
    };
    const one = await written(single as string);
    expect(one.events.map((e) => e.action)).toEqual(["created", "refuse"]);
    expect(one.audit).toHaveLength(1);
    expect(one.notices.length).toBeGreaterThan(0);
    for (const hashid of bulk) {
      const other = await written(hashid);
      expect(other.history).toEqual(one.history);
      expect(other.events).toEqual(one.events);
      expect(other.audit).toEqual(one.audit);
      expect(other.notices).toEqual(one.notices);
      expect(other.bulkFlags).toEqual([undefined, true, true]);
    }
  });
});

/** Bookings already closed (evaso), which a refusal skips. */
async function closedOnes(n: number): Promise<string[]> {
  const hashids = await requests(n, "confermato");
  await t.database.db
    .update(bookings)
    .set({ status: "evaso" })
    .where(inArray(bookings.id, hashids.map(decode)));
  return hashids;
}

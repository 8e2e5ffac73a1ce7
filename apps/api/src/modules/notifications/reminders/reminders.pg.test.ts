import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";

/**
 * PostgreSQL only: two API instances (two connection pools) run the reminders job at the same moment,
 * truly in parallel, over bookings and agenda events due together. Each (item, lead, channel) is
 * reserved and sent once, and the instances share the work without sending anything twice.
 */
let t: TestContext;
let second: Awaited<ReturnType<TestContext["secondInstance"]>>;
/** The demo world's own bookings may fall in the window too: the counts are of the test's. */
let firstBooking = 0;
const ITEMS = 1_500;
// T: a round minute three days ahead; the job runs at T − 24 h + 1 min.
const T = new Date(Math.ceil((Date.now() + 3 * 24 * 3600_000) / 60_000) * 60_000);

beforeAll(async () => {
  t = await createTestContext();
  second = await t.secondInstance();
  const before = (await t.database.db.execute(
    sql`select coalesce(max(id), 0)::int as max from bookings`,
  )) as unknown as {
    rows: Array<{ max: number }>;
  };
  firstBooking = (before.rows[0]?.max ?? 0) + 1;
  // Spread over the 30 minutes before T: inside the 24 h reminder's window (an hour of grace).
  await t.database.db.execute(sql`
    insert into bookings (company_id, health_service_id, user_id, kind, status, start_at, end_at)
    select s.company_id, s.id, c.id, 'prestazione', 'confermato',
           ${T.toISOString()}::timestamptz - (g % 1800) * interval '1 second',
           ${T.toISOString()}::timestamptz - (g % 1800) * interval '1 second' + interval '30 minutes'
    from generate_series(1, ${ITEMS}) g
    cross join lateral (select id from users where type = 0 and deleted_at is null order by id offset (g % 3) limit 1) c
    cross join lateral (select id, company_id from health_services order by id limit 1) s`);
  await t.database.db.execute(sql`
    insert into agenda_events (user_id, name, place, date, time, start_at)
    select c.id, 'Evento di prova ' || g, 'Torino', (${T.toISOString()}::timestamptz at time zone 'Europe/Rome')::date,
           (${T.toISOString()}::timestamptz at time zone 'Europe/Rome')::time,
           ${T.toISOString()}::timestamptz - (g % 1800) * interval '1 second'
    from generate_series(1, ${ITEMS}) g
    cross join lateral (select id from users where type = 0 and deleted_at is null order by id offset (g % 3) limit 1) c`);
}, 120_000);
afterAll(() => t.close());

it("sends each reminder once with two instances running the job at once", async () => {
  const now = new Date(T.getTime() - 24 * 3600_000 + 60_000).toISOString();
  const run = (request: TestContext["request"]) =>
    request({ method: "POST", url: "/api/v1/dev/reminders/run", body: { now } });
  const [a, b] = await Promise.all([run(t.request), run(second.request)]);
  expect(a.statusCode, a.body).toBe(200);
  expect(b.statusCode, b.body).toBe(200);
  const again = await run(second.request);
  expect(again.json().data.sent).toBe(0);

  const { rows } = (await t.database.db.execute(sql`
    select
      (select count(*) from reminder_sends
        where booking_id >= ${firstBooking} and channel = 'email' and status = 'sent')::int as booking_mails,
      (select count(*) from agenda_reminder_sends s join agenda_events e on e.id = s.event_id
        where e.name like 'Evento di prova %' and s.channel = 'email' and s.status = 'sent')::int as event_mails,
      (select count(*) from reminder_sends where channel = 'email' and status = 'sent'
        and created_at > now() - interval '1 hour')::int
        + (select count(*) from agenda_reminder_sends where channel = 'email' and status = 'sent')::int as all_mails,
      (select count(*) from (select booking_id from reminder_sends group by booking_id, lead, channel having count(*) > 1) x)::int as booking_twice,
      (select count(*) from (select event_id from agenda_reminder_sends group by event_id, start_at, lead, channel having count(*) > 1) x)::int as event_twice,
      (select count(*) from outbox_messages where subject like 'Cura: promemoria%')::int as outbox_mails
  `)) as unknown as { rows: Array<Record<string, number>> };
  const counts = rows[0] as Record<string, number>;
  // Every demo citizen keeps the default choice: e-mail and push, events included.
  expect(counts.booking_mails).toBe(ITEMS);
  expect(counts.event_mails).toBe(ITEMS);
  expect(counts.booking_twice).toBe(0);
  expect(counts.event_twice).toBe(0);
  // Nothing sent twice: the two instances' counts add up to the mails in the outbox.
  expect(a.json().data.sent + b.json().data.sent).toBe(counts.outbox_mails);
  expect(counts.outbox_mails).toBe(counts.all_mails);
});

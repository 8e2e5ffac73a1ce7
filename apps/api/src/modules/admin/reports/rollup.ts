import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
// Read-only sources of the rollups (.dependency-cruiser.cjs names why).
import { bookings } from "../../bookings/tables.ts";
import { companies, companyServices, healthServices } from "../../companies/tables.ts";
import { healthMeasurements } from "../../health/measurements/tables.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { teleconsults } from "../../teleconsult/tables.ts";
import { reportCompanyServices, reportDailyActivity, reportDailyServiceBookings, reportRollupState } from "./tables.ts";

const ROME = "Europe/Rome";
const STATE = "reports";
/** Days recomputed at every run: a citizen's return is known up to 30 days later. */
export const RECENT_DAYS = 35;
/** The backfill works through the history in slices this long, one transaction each. */
const SLICE_DAYS = 92;

/** The instant an Italian day starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Rome')`;
const romeDay = (column: string) => sql.raw(`(${column} at time zone 'Europe/Rome')::date`);

/**
 * Recomputes the rollups of the Italian days `from`…`to` (inclusive) in one transaction: the days'
 * rows are replaced, so a run repeated (a retry, a second instance) writes the same figures.
 */
export async function rollupDays(db: Database, from: string, to: string): Promise<void> {
  const lo = dayStart(from);
  const hi = dayStart(addDays(to, 1));
  // Returns are looked for up to 30 days after the last day.
  const hiReturn = dayStart(addDays(to, 31));
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${reportDailyActivity} where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`
      insert into ${reportDailyActivity}
        (day, region, registered_citizens, registered_operators, registered_admins,
         active_citizens, returning_citizens, bookings, teleconsults, readings)
      with events as (
        select b.user_id as uid, ${romeDay("b.created_at")} as day, 1 as bk, 0 as tc, 0 as rd
          from ${bookings} b
          where b.kind <> 'teleconsulto' and b.created_at >= ${lo} and b.created_at < ${hiReturn}
        union all
        select t.user_id, ${romeDay("t.created_at")}, 0, 1, 0
          from ${teleconsults} t where t.created_at >= ${lo} and t.created_at < ${hiReturn}
        union all
        select m.patient_id, ${romeDay("m.created_at")}, 0, 0, 1
          from ${healthMeasurements} m
          where m.author_kind = 'paziente' and m.created_at >= ${lo} and m.created_at < ${hiReturn}
      ),
      daily as (
        select uid, day, sum(bk)::int as bk, sum(tc)::int as tc, sum(rd)::int as rd,
          -- The citizen's next active day: one sort, where a lookup of later days per row grew as the square.
          lead(day) over (partition by uid order by day) as next_day
        from events group by uid, day
      ),
      activity as (
        select d.day, coalesce(trim(a.regione), '') as region,
          count(*)::int as active,
          count(*) filter (where d.next_day <= d.day + 30)::int as returning,
          sum(d.bk)::int as bk, sum(d.tc)::int as tc, sum(d.rd)::int as rd
        from daily d
        join ${users} u on u.id = d.uid and u.type = 0
        left join ${anagrafiche} a on a.user_id = d.uid
        where d.day <= ${to}::date
        group by 1, 2
      ),
      registrations as (
        select ${romeDay("u.created_at")} as day, coalesce(trim(a.regione), '') as region,
          count(*) filter (where u.type = 0)::int as citizens,
          count(*) filter (where u.type = 1)::int as operators,
          count(*) filter (where u.type = 2)::int as admins
        from ${users} u left join ${anagrafiche} a on a.user_id = u.id
        where u.created_at >= ${lo} and u.created_at < ${hi}
        group by 1, 2
      )
      select coalesce(r.day, x.day), coalesce(r.region, x.region),
        coalesce(r.citizens, 0), coalesce(r.operators, 0), coalesce(r.admins, 0),
        coalesce(x.active, 0), coalesce(x.returning, 0), coalesce(x.bk, 0), coalesce(x.tc, 0), coalesce(x.rd, 0)
      from registrations r full join activity x on x.day = r.day and x.region = r.region
    `);
    await tx.execute(sql`delete from ${reportDailyServiceBookings} where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`
      insert into ${reportDailyServiceBookings} (day, region, position_ref, bookings)
      select ${romeDay("b.created_at")}, coalesce(trim(c.regione), ''),
        coalesce(hs.position_ref, t.position_ref, 0), count(*)::int
      from ${bookings} b
      join ${companies} c on c.id = b.company_id
      left join ${healthServices} hs on hs.id = b.health_service_id
      left join ${teleconsults} t on t.booking_id = b.id
      where b.created_at >= ${lo} and b.created_at < ${hi}
      group by 1, 2, 3
    `);
  });
}

/** Today's snapshot of every active company's active platform services. */
export async function snapshotCompanyServices(db: Database, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${reportCompanyServices} where day = ${today}::date`);
    await tx.execute(sql`
      insert into ${reportCompanyServices} (day, company_id, name, region, active_services)
      select ${today}::date, c.id, c.name, coalesce(trim(c.regione), ''), count(*)::int
      from ${companies} c join ${companyServices} cs on cs.company_id = c.id and cs.active
      where c.active
      group by c.id
    `);
  });
}

async function firstDay(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ first: sql<string | null>`to_char(min(${romeDay("created_at")}), 'YYYY-MM-DD')` })
    .from(users);
  return row?.first ?? null;
}

/**
 * The job `admin-reports-rollup`: on its first run the whole history (from the first account),
 * slice by slice; afterwards the last RECENT_DAYS days. Then today's company snapshot.
 */
export async function runRollup(db: Database, now = Date.now()): Promise<{ from: string; to: string }> {
  const today = zonedDate(now, ROME);
  const [state] = await db.select().from(reportRollupState).where(sql`${reportRollupState.name} = ${STATE}`);
  let from = addDays(today, -(RECENT_DAYS - 1));
  if (!state) {
    const first = await firstDay(db);
    if (first && first < from) from = first;
  }
  for (let start = from; start <= today; start = addDays(start, SLICE_DAYS)) {
    const end = addDays(start, SLICE_DAYS - 1);
    await rollupDays(db, start, end < today ? end : today);
  }
  await snapshotCompanyServices(db, today);
  const at = new Date(now);
  await db
    .insert(reportRollupState)
    .values({ name: STATE, backfilledAt: at, lastRunAt: at })
    .onConflictDoUpdate({ target: reportRollupState.name, set: { lastRunAt: at } });
  return { from, to: today };
}

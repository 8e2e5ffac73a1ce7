import { REMINDER_DEFAULTS } from "@cura/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { agendaEvents } from "../../agenda/tables.ts";
// Read-only: the due bookings are found and described in SQL, set-based (100,000 due at once must
// not mean 100,000 service calls). Listed in .dependency-cruiser.cjs with this reason.
import { bookings } from "../../bookings/tables.ts";
import { companies, healthServices } from "../../companies/tables.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { agendaReminderSends, type ReminderSkipReason, reminderPreferences, reminderSends } from "../tables.ts";

export async function findPreferences(db: Executor, userId: number) {
  const [row] = await db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId));
  return row ?? null;
}

export async function savePreferences(
  db: Executor,
  userId: number,
  values: { channels: string[]; leads: string[]; kinds: string[] },
): Promise<void> {
  await db
    .insert(reminderPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Where a run's walk through the due items stands: the last (start, id) it looked at. */
export interface ReserveCursor {
  start: string;
  id: number;
}
export interface Reserved {
  /** The reminders this call reserved (others were reserved by another run meanwhile). */
  ids: number[];
  /** The last item looked at, or null when there was none left in the window. */
  cursor: ReserveCursor | null;
  /** How many items it looked at: fewer than the limit means the window is done. */
  looked: number;
}
interface ReserveOptions {
  now: Date;
  lead: string;
  leadMinutes: number;
  graceMinutes: number;
  limit: number;
  after: ReserveCursor | null;
}

function windowOf(options: ReserveOptions) {
  const upper = new Date(options.now.getTime() + options.leadMinutes * 60_000);
  const lower = new Date(upper.getTime() - options.graceMinutes * 60_000);
  return { lower: lower.toISOString(), upper: upper.toISOString() };
}

function readReserved(result: unknown): Reserved {
  const [row] = (
    result as {
      rows: Array<{ ids: number[] | null; last_start: string | null; last_id: number | null; looked: number | string }>;
    }
  ).rows;
  return {
    ids: (row?.ids ?? []).map(Number),
    cursor: row?.last_start != null && row.last_id != null ? { start: row.last_start, id: Number(row.last_id) } : null,
    looked: Number(row?.looked ?? 0),
  };
}

/**
 * Reserves, in one statement, a row for every (confirmed booking whose start is `leadMinutes` away,
 * within the last `graceMinutes`; lead time; channel) the citizen wants, for the next `limit`
 * bookings after the run's cursor, and answers the rows this call reserved. Rows another run
 * reserved already are skipped by the unique constraint, so each reminder is reserved, hence sent,
 * once however many instances run the job. The cursor keeps a run's walk linear: each call looks
 * at the next bookings of the window, not again at the ones reserved before (100,000 due at once);
 * its plain `start_at >=` bound is what lets the index scan start there (a row comparison alone
 * does not, on an index of start_at and status).
 */
export async function reserveDue(db: Executor, options: ReserveOptions): Promise<Reserved> {
  const { lower, upper } = windowOf(options);
  const after = options.after
    ? sql`and b.start_at >= ${options.after.start}::timestamptz
          and (b.start_at, b.id) > (${options.after.start}::timestamptz, ${options.after.id}::int)`
    : sql``;
  const result = await db.execute(sql`
    with due as (
      select b.id, b.user_id, b.start_at, coalesce(p.channels, ${textArray(REMINDER_DEFAULTS.channels)}) as channels
      from ${bookings} b
      left join ${reminderPreferences} p on p.user_id = b.user_id
      where b.status = 'confermato'
        and b.start_at > ${lower}::timestamptz and b.start_at <= ${upper}::timestamptz
        ${after}
        and ${options.lead} = any(coalesce(p.leads, ${textArray(REMINDER_DEFAULTS.leads)}))
        and (case b.kind when 'teleconsulto' then 'teleconsulti' else 'prenotazioni' end)
            = any(coalesce(p.kinds, ${textArray(REMINDER_DEFAULTS.kinds)}))
      order by b.start_at, b.id
      limit ${options.limit}
    ), reserved as (
      insert into ${reminderSends} (booking_id, user_id, lead, channel)
      select d.id, d.user_id, ${options.lead}, ch.channel
      from due d cross join lateral unnest(d.channels) as ch(channel)
      where not exists (
        select 1 from ${reminderSends} s
        where s.booking_id = d.id and s.lead = ${options.lead} and s.channel = ch.channel
      )
      on conflict do nothing
      returning id
    ), last as (select start_at, id from due order by start_at desc, id desc limit 1)
    select (select array_agg(id) from reserved) as ids,
           (select start_at::text from last) as last_start,
           (select id from last) as last_id,
           (select count(*) from due) as looked`);
  return readReserved(result);
}

/** What a batch of reserved reminders needs to be written and addressed. */
export async function describe(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: reminderSends.id,
      channel: reminderSends.channel,
      lead: reminderSends.lead,
      userId: reminderSends.userId,
      bookingId: reminderSends.bookingId,
      startAt: bookings.startAt,
      kind: bookings.kind,
      email: users.email,
      notificationConsense: users.notificationConsense,
      prefix: anagrafiche.prefix,
      phone: anagrafiche.telNumber,
      serviceName: healthServices.name,
      companyName: companies.name,
    })
    .from(reminderSends)
    .innerJoin(bookings, eq(bookings.id, reminderSends.bookingId))
    .innerJoin(users, eq(users.id, reminderSends.userId))
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, reminderSends.userId))
    .leftJoin(healthServices, eq(healthServices.id, bookings.healthServiceId))
    .where(inArray(reminderSends.id, ids));
}
export type ReminderToSend = Awaited<ReturnType<typeof describe>>[number];

export async function finish(
  db: Executor,
  ids: number[],
  status: "sent" | "skipped" | "failed",
  reason: ReminderSkipReason | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(reminderSends).set({ status, reason }).where(inArray(reminderSends.id, ids));
}

/**
 * Records the answer once: null when the reminder does not exist, was answered already, or its
 * booking is no longer confirmed (cancelled or refused meanwhile: "Confermo" would confirm nothing).
 */
export async function respond(db: Executor, id: number, response: "confermo" | "annullo") {
  const [row] = await db
    .update(reminderSends)
    .set({ response, respondedAt: sql`now()` })
    .where(
      and(
        eq(reminderSends.id, id),
        isNull(reminderSends.respondedAt),
        sql`exists (select 1 from ${bookings} b where b.id = ${reminderSends.bookingId} and b.status = 'confermato')`,
      ),
    )
    .returning({ bookingId: reminderSends.bookingId, userId: reminderSends.userId });
  return row ?? null;
}

/** A reminder's booking was cancelled meanwhile: every reminder of that booking is answered. */
export async function closeAnswers(db: Executor, bookingId: number): Promise<void> {
  await db
    .update(reminderSends)
    .set({ respondedAt: sql`now()` })
    .where(and(eq(reminderSends.bookingId, bookingId), isNull(reminderSends.respondedAt)));
}

/**
 * reserveDue for the citizens' own agenda events (kind "eventi"): one row per (event, its current
 * start, lead time, channel). The start is part of the key, so a moved event is due again at its new
 * time and never at the old one; the unique constraint keeps each reservation to one instance.
 */
export async function reserveDueEvents(db: Executor, options: ReserveOptions): Promise<Reserved> {
  const { lower, upper } = windowOf(options);
  const after = options.after
    ? sql`and e.start_at >= ${options.after.start}::timestamptz
          and (e.start_at, e.id) > (${options.after.start}::timestamptz, ${options.after.id}::int)`
    : sql``;
  const result = await db.execute(sql`
    with due as (
      select e.id, e.start_at, coalesce(p.channels, ${textArray(REMINDER_DEFAULTS.channels)}) as channels
      from ${agendaEvents} e
      left join ${reminderPreferences} p on p.user_id = e.user_id
      where e.start_at > ${lower}::timestamptz and e.start_at <= ${upper}::timestamptz
        ${after}
        and ${options.lead} = any(coalesce(p.leads, ${textArray(REMINDER_DEFAULTS.leads)}))
        and 'eventi' = any(coalesce(p.kinds, ${textArray(REMINDER_DEFAULTS.kinds)}))
      order by e.start_at, e.id
      limit ${options.limit}
    ), reserved as (
      insert into ${agendaReminderSends} (event_id, start_at, lead, channel)
      select d.id, d.start_at, ${options.lead}, ch.channel
      from due d cross join lateral unnest(d.channels) as ch(channel)
      where not exists (
        select 1 from ${agendaReminderSends} s
        where s.event_id = d.id and s.start_at = d.start_at and s.lead = ${options.lead} and s.channel = ch.channel
      )
      on conflict do nothing
      returning id
    ), last as (select start_at, id from due order by start_at desc, id desc limit 1)
    select (select array_agg(id) from reserved) as ids,
           (select start_at::text from last) as last_start,
           (select id from last) as last_id,
           (select count(*) from due) as looked`);
  return readReserved(result);
}

/**
 * What a batch of reserved event reminders needs. Only events still at the start their reminder was
 * reserved for: one moved or deleted between the reservation and this read is left out (skipped).
 */
export async function describeEvents(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: agendaReminderSends.id,
      channel: agendaReminderSends.channel,
      userId: agendaEvents.userId,
      eventId: agendaEvents.id,
      name: agendaEvents.name,
      place: agendaEvents.place,
      startAt: agendaEvents.startAt,
      email: users.email,
      notificationConsense: users.notificationConsense,
      prefix: anagrafiche.prefix,
      phone: anagrafiche.telNumber,
    })
    .from(agendaReminderSends)
    .innerJoin(
      agendaEvents,
      and(eq(agendaEvents.id, agendaReminderSends.eventId), eq(agendaEvents.startAt, agendaReminderSends.startAt)),
    )
    .innerJoin(users, eq(users.id, agendaEvents.userId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, agendaEvents.userId))
    .where(inArray(agendaReminderSends.id, ids));
}
export type EventReminderToSend = Awaited<ReturnType<typeof describeEvents>>[number];

export async function finishEvents(
  db: Executor,
  ids: number[],
  status: "sent" | "skipped" | "failed",
  reason: ReminderSkipReason | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(agendaReminderSends).set({ status, reason }).where(inArray(agendaReminderSends.id, ids));
}

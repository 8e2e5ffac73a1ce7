import { REMINDER_DEFAULTS } from "@cura/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
// Read-only: the due bookings are found and described in SQL, set-based (100,000 due at once must
// not mean 100,000 service calls). Listed in .dependency-cruiser.cjs with this reason.
import { bookings } from "../../bookings/tables.ts";
import { companies, healthServices } from "../../companies/tables.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { reminderPreferences, reminderSends } from "../tables.ts";

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

/**
 * Reserves, in one statement, a row for every (confirmed booking whose start is `leadMinutes` away,
 * within the last `graceMinutes`; lead time; channel) the citizen wants, and answers the rows this
 * call reserved. Rows another run reserved already are skipped by the unique constraint, so each
 * reminder is reserved, hence sent, once however many instances run the job.
 */
export async function reserveDue(
  db: Executor,
  options: { now: Date; lead: string; leadMinutes: number; graceMinutes: number; limit: number },
): Promise<Array<{ id: number }>> {
  const upper = new Date(options.now.getTime() + options.leadMinutes * 60_000);
  const lower = new Date(upper.getTime() - options.graceMinutes * 60_000);
  const result = await db.execute(sql`
    insert into ${reminderSends} (booking_id, user_id, lead, channel)
    select b.id, b.user_id, ${options.lead}, ch.channel
    from ${bookings} b
    left join ${reminderPreferences} p on p.user_id = b.user_id
    cross join lateral unnest(coalesce(p.channels, ${textArray(REMINDER_DEFAULTS.channels)})) as ch(channel)
    where b.status = 'confermato'
      and b.start_at > ${lower.toISOString()}::timestamptz and b.start_at <= ${upper.toISOString()}::timestamptz
      and ${options.lead} = any(coalesce(p.leads, ${textArray(REMINDER_DEFAULTS.leads)}))
      and (case b.kind when 'teleconsulto' then 'teleconsulti' else 'prenotazioni' end)
          = any(coalesce(p.kinds, ${textArray(REMINDER_DEFAULTS.kinds)}))
      and not exists (
        select 1 from ${reminderSends} s
        where s.booking_id = b.id and s.lead = ${options.lead} and s.channel = ch.channel
      )
    order by b.start_at
    limit ${options.limit}
    on conflict do nothing
    returning id`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows;
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

export async function finish(db: Executor, ids: number[], status: "sent" | "skipped" | "failed"): Promise<void> {
  if (ids.length === 0) return;
  await db.update(reminderSends).set({ status }).where(inArray(reminderSends.id, ids));
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

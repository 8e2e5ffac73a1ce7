import type { Executor } from "../../../db/client.ts";
import { reminderSends } from "../tables.ts";

/** One reminder the demo world says was sent: the default e-mail one, 24 hours before. */
export interface DemoReminder {
  bookingId: number;
  userId: number;
  /** The appointment's start. */
  start: Date;
}

/**
 * The reminders of the demo's past appointments (issue 12), so that the company statistics split
 * their no-show rates with and without a reminder after `npm start`. Seed code: no request runs it.
 */
export async function seedDemoReminders(db: Executor, reminders: DemoReminder[]): Promise<void> {
  if (reminders.length === 0) return;
  await db
    .insert(reminderSends)
    .values(
      reminders.map((r) => ({
        bookingId: r.bookingId,
        userId: r.userId,
        lead: "24h",
        channel: "email" as const,
        status: "sent" as const,
        createdAt: new Date(r.start.getTime() - 24 * 3600_000),
      })),
    )
    .onConflictDoNothing();
}

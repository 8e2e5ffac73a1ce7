import {
  notFound,
  REMINDER_CANCEL_REASON,
  REMINDER_DEFAULTS,
  REMINDER_LEAD_KEYS,
  REMINDER_LEADS,
  REMINDER_MESSAGES,
  type TReminderPreferences,
} from "@cura/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import type { PushSender } from "../../../platform/push/sender.ts";
import { bookingLink } from "../links.ts";
import { readReminderToken, reminderToken } from "./links.ts";
import * as repository from "./repository.ts";

export const REMINDERS_JOB = "appointment-reminders";
/** Reserved and sent per statement: big enough for the benchmark's 100,000, small enough for memory. */
const BATCH = 500;

/** `GET users/own/reminders`. */
export async function preferences(ctx: ModuleContext, principal: Principal): Promise<TReminderPreferences> {
  const row = await repository.findPreferences(ctx.db, principal.userId);
  if (!row) return { ...REMINDER_DEFAULTS };
  return row as TReminderPreferences;
}

/** `PUT users/own/reminders`: the whole choice (empty lists: no reminders). */
export async function savePreferences(ctx: ModuleContext, principal: Principal, body: TReminderPreferences) {
  await repository.savePreferences(ctx.db, principal.userId, body);
  return preferences(ctx, principal);
}

/**
 * How late a reminder may still go out: half its lead time, at most an hour. A booking made two hours
 * before its start gets the 2 h reminder, not the 24 h one, and a job that missed a tick catches up.
 */
const graceOf = (minutes: number) => Math.min(Math.floor(minutes / 2), 60);

const when = (date: Date | null) =>
  date
    ? new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", dateStyle: "full", timeStyle: "short" }).format(date)
    : "";

/**
 * The job: for each lead time, reserves the due reminders (each once, across instances) and sends
 * them. `now` is a parameter so tests and the benchmark run it on their own clock.
 */
export async function runReminders(
  ctx: ModuleContext,
  push: PushSender,
  now: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<number> {
  let sent = 0;
  for (const lead of REMINDER_LEAD_KEYS) {
    const minutes = REMINDER_LEADS[lead];
    for (;;) {
      const reserved = await repository.reserveDue(ctx.db, {
        now,
        lead,
        leadMinutes: minutes,
        graceMinutes: graceOf(minutes),
        limit: BATCH,
      });
      if (reserved.length === 0) break;
      const rows = await repository.describe(
        ctx.db,
        reserved.map((r) => r.id),
      );
      const outcome: Record<"sent" | "skipped" | "failed", number[]> = { sent: [], skipped: [], failed: [] };
      await Promise.all(
        rows.map(async (row) => {
          try {
            outcome[await sendOne(ctx, push, row)].push(row.id);
          } catch (error) {
            log?.error({ err: error, reminder: row.id }, "reminder failed");
            outcome.failed.push(row.id);
          }
        }),
      );
      await repository.finish(ctx.db, outcome.sent, "sent");
      await repository.finish(ctx.db, outcome.skipped, "skipped");
      await repository.finish(ctx.db, outcome.failed, "failed");
      sent += outcome.sent.length;
      if (reserved.length < BATCH) break;
    }
  }
  return sent;
}

async function sendOne(
  ctx: ModuleContext,
  push: PushSender,
  row: repository.ReminderToSend,
): Promise<"sent" | "skipped"> {
  const what = row.serviceName ?? (row.kind === "teleconsulto" ? "Teleconsulto" : "Appuntamento");
  const sentence = `Promemoria: ${what} presso ${row.companyName}, ${when(row.startAt)}.`;
  const link = (answer: "confermo" | "annullo") =>
    `${ctx.config.publicUrl}/promemoria/${reminderToken(ctx.config.appSecret, row.id, answer)}`;
  const answers = `Confermo: ${link("confermo")}\nNon posso venire: ${link("annullo")}`;
  switch (row.channel) {
    case "email":
      // Reminders are not transactional mail: they follow the notification consent.
      if (!row.email || !row.notificationConsense) return "skipped";
      await ctx.mailer.send({ to: row.email, subject: `Cura: promemoria ${what}`, text: `${sentence}\n\n${answers}` });
      return "sent";
    case "sms":
      // The same consent as the e-mail: a reminder is a notification, whatever the channel.
      if (!row.phone || !row.notificationConsense) return "skipped";
      await ctx.sms.send({ to: `${row.prefix ?? "+39"}${row.phone}`, text: `Cura. ${sentence}\n${answers}` });
      return "sent";
    case "push": {
      const delivered = await push.sendToUsers(ctx.db, [row.userId], {
        title: "Promemoria appuntamento",
        body: sentence,
        extraData: { url: bookingLink(ctx.ids, "citizen", row.bookingId), kind: "reminder" },
      });
      return delivered > 0 ? "sent" : "skipped";
    }
    default:
      // The messenger bots are not linked here yet: nothing to send to.
      return "skipped";
  }
}

/**
 * `POST reminders/respond`: the answer of a reminder's link, once. "Non posso venire" cancels the
 * booking as its citizen would (reason 2), through the bookings module's own transition: the company
 * is told, and a booking no longer cancellable answers the bookings module's 409.
 */
export async function respond(ctx: ModuleContext, request: FastifyRequest, token: string) {
  const read = readReminderToken(ctx.config.appSecret, token);
  if (!read) throw notFound(REMINDER_MESSAGES.invalidLink);
  return ctx.db.transaction(async (tx) => {
    const answered = await repository.respond(tx, read.id, read.answer);
    if (!answered) throw notFound(REMINDER_MESSAGES.invalidLink);
    const booking = ctx.ids.encode(answered.bookingId);
    if (read.answer === "confermo") {
      return { message: REMINDER_MESSAGES.confirmed, data: { response: read.answer, booking } };
    }
    await repository.closeAnswers(tx, answered.bookingId);
    // The link stands for the citizen: the cancellation is theirs, as if from their booking page.
    const asCitizen = Object.create(request) as FastifyRequest;
    asCitizen.principal = citizenPrincipal(ctx, answered.userId);
    // Loaded when used: bookings imports this module (its history notifies), so a static import
    // would make the two modules' initialisation depend on their load order.
    const { cancelBooking } = await import("../../bookings/index.ts");
    await cancelBooking(
      { ...ctx, db: tx as unknown as ModuleContext["db"] },
      asCitizen,
      booking,
      REMINDER_CANCEL_REASON,
    );
    return { message: REMINDER_MESSAGES.cancelled, data: { response: read.answer, booking } };
  });
}

function citizenPrincipal(ctx: ModuleContext, userId: number): Principal {
  return {
    userId,
    hashid: ctx.ids.encode(userId),
    type: 0,
    sessionId: 0,
    permissions: [],
    companyId: null,
    companyLevel: null,
    emailPendingVerification: false,
    phonePendingVerification: false,
    restricted: null,
  };
}

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
import { sendToUserBots } from "../bots/service.ts";
import { bookingLink } from "../links.ts";
import { readReminderToken, reminderToken } from "./links.ts";
import * as repository from "./repository.ts";

export const REMINDERS_JOB = "appointment-reminders";
/** Items reserved and sent per statement: big enough for the benchmark's 100,000, small enough for memory. */
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

type Outcome = "sent" | "skipped";

/**
 * One lead time of one kind of item: reserves the due reminders a batch at a time (each once, across
 * instances), sends them, and records how each went. A reserved reminder the batch could not
 * describe (an event moved or deleted meanwhile) is skipped.
 */
async function drain<Row extends { id: number }>(
  steps: {
    reserve: (limit: number, after: repository.ReserveCursor | null) => Promise<repository.Reserved>;
    describe: (ids: number[]) => Promise<Row[]>;
    send: (row: Row) => Promise<Outcome>;
    finish: (ids: number[], status: Outcome | "failed") => Promise<void>;
  },
  log?: FastifyBaseLogger,
): Promise<number> {
  let sent = 0;
  let after: repository.ReserveCursor | null = null;
  for (;;) {
    const reserved = await steps.reserve(BATCH, after);
    after = reserved.cursor;
    if (reserved.ids.length > 0) {
      const rows = await steps.describe(reserved.ids);
      const described = new Set(rows.map((row) => row.id));
      const outcome: Record<Outcome | "failed", number[]> = {
        sent: [],
        skipped: reserved.ids.filter((id) => !described.has(id)),
        failed: [],
      };
      await Promise.all(
        rows.map(async (row) => {
          try {
            outcome[await steps.send(row)].push(row.id);
          } catch (error) {
            log?.error({ err: error, reminder: row.id }, "reminder failed");
            outcome.failed.push(row.id);
          }
        }),
      );
      await steps.finish(outcome.sent, "sent");
      await steps.finish(outcome.skipped, "skipped");
      await steps.finish(outcome.failed, "failed");
      sent += outcome.sent.length;
    }
    // Fewer items than asked: the window holds no more after the cursor. A batch whose items
    // another instance reserved first is not the end: the walk goes on past them.
    if (reserved.looked < BATCH) break;
  }
  return sent;
}

/**
 * The job: for each lead time, reserves the due reminders of bookings, teleconsults and the
 * citizens' own agenda events (each once, across instances) and sends them. `now` is a parameter so
 * tests and the benchmark run it on their own clock.
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
    const window = { now, lead, leadMinutes: minutes, graceMinutes: graceOf(minutes) };
    sent += await drain(
      {
        reserve: (limit, after) => repository.reserveDue(ctx.db, { ...window, limit, after }),
        describe: (ids) => repository.describe(ctx.db, ids),
        send: (row) => sendOne(ctx, push, row),
        finish: (ids, status) => repository.finish(ctx.db, ids, status),
      },
      log,
    );
    sent += await drain(
      {
        reserve: (limit, after) => repository.reserveDueEvents(ctx.db, { ...window, limit, after }),
        describe: (ids) => repository.describeEvents(ctx.db, ids),
        send: (row) => sendEvent(ctx, push, row),
        finish: (ids, status) => repository.finishEvents(ctx.db, ids, status),
      },
      log,
    );
  }
  return sent;
}

/** The citizen's agenda page, where the event is. */
const EVENT_LINK = "/cittadino/agenda";

/**
 * An agenda event is the citizen's own note (spec 001 §3 Event: name, place, date, time): the
 * reminder only informs, with no "Confermo" or "Non posso venire" links, and points at the agenda.
 */
async function sendEvent(ctx: ModuleContext, push: PushSender, row: repository.EventReminderToSend): Promise<Outcome> {
  const sentence = `Promemoria: ${row.name}, ${row.place}, ${when(row.startAt)}.`;
  const agenda = `${ctx.config.publicUrl}${EVENT_LINK}`;
  switch (row.channel) {
    case "email":
      if (!row.email || !row.notificationConsense) return "skipped";
      await ctx.mailer.send({
        to: row.email,
        subject: `Cura: promemoria evento ${row.name}`,
        text: `${sentence}\n\nÈ un evento della tua agenda: ${agenda}`,
      });
      return "sent";
    case "sms":
      if (!row.phone || !row.notificationConsense) return "skipped";
      await ctx.sms.send({ to: `${row.prefix ?? "+39"}${row.phone}`, text: `Cura. ${sentence}` });
      return "sent";
    case "push": {
      const delivered = await push.sendToUsers(ctx.db, [row.userId], {
        title: "Promemoria evento",
        body: sentence,
        extraData: { url: EVENT_LINK, kind: "reminder" },
      });
      return delivered > 0 ? "sent" : "skipped";
    }
    case "bot":
      return (await sendToUserBots(ctx, row.userId, `Cura. ${sentence}`)) > 0 ? "sent" : "skipped";
    default:
      return "skipped";
  }
}

async function sendOne(ctx: ModuleContext, push: PushSender, row: repository.ReminderToSend): Promise<Outcome> {
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
    case "bot":
      // The chats the citizen linked and left on (notifications/bots); none linked: nothing to send to.
      return (await sendToUserBots(ctx, row.userId, `Cura. ${sentence}\n${answers}`)) > 0 ? "sent" : "skipped";
    default:
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

import {
  notFound,
  REMINDER_CANCEL_REASON,
  REMINDER_DEFAULTS,
  REMINDER_LEAD_KEYS,
  REMINDER_LEADS,
  REMINDER_MESSAGES,
  type ReminderChannel,
  type TReminderPreferences,
} from "@cura/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import type { PushSender } from "../../../platform/push/sender.ts";
import type { Messengers } from "../bots/messengers.ts";
import type { ActiveChat } from "../bots/repository.ts";
import { activeChatsByUser, type BotReminder, messengersOf, sendBotReminder } from "../bots/service.ts";
import { bookingLink } from "../links.ts";
import type { ReminderSkipReason } from "../tables.ts";
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

/** One formatter for the whole job: building an Intl formatter costs more than formatting with it. */
const ROME_DATE_TIME = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  dateStyle: "full",
  timeStyle: "short",
});
const when = (date: Date | null) => (date ? ROME_DATE_TIME.format(date) : "");

/** A reminder sent, or why it was not (recorded with the "skipped" row). */
type Outcome = "sent" | ReminderSkipReason;

/** What one batch's sends share: the bot chats of its users, read in one query. */
interface Batch {
  chats: Map<number, ActiveChat[]>;
}

/** What one run's sends share: the messengers, the push sender and the run's clock. */
interface Run {
  ctx: ModuleContext;
  push: PushSender;
  messengers: Messengers;
  now: Date;
}

/**
 * One lead time of one kind of item: reserves the due reminders a batch at a time (each once, across
 * instances), sends them, and records how each went. A reserved reminder the batch could not
 * describe (an event moved or deleted meanwhile) is skipped.
 */
async function drain<Row extends { id: number; userId: number; channel: string }>(
  run: Run,
  steps: {
    reserve: (limit: number, after: repository.ReserveCursor | null) => Promise<repository.Reserved>;
    describe: (ids: number[]) => Promise<Row[]>;
    send: (row: Row, batch: Batch) => Promise<Outcome>;
    finish: (ids: number[], status: "sent" | "skipped" | "failed", reason: ReminderSkipReason | null) => Promise<void>;
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
      const botUsers = rows.filter((row) => row.channel === "bot").map((row) => row.userId);
      const batch: Batch = { chats: await activeChatsByUser(run.ctx, botUsers) };
      const sentIds: number[] = [];
      const failed: number[] = [];
      const skipped = new Map<ReminderSkipReason, number[]>([
        ["gone", reserved.ids.filter((id) => !described.has(id))],
      ]);
      await Promise.all(
        rows.map(async (row) => {
          try {
            const outcome = await steps.send(row, batch);
            if (outcome === "sent") sentIds.push(row.id);
            else {
              const ids = skipped.get(outcome);
              if (ids) ids.push(row.id);
              else skipped.set(outcome, [row.id]);
            }
          } catch (error) {
            log?.error({ err: error, reminder: row.id }, "reminder failed");
            failed.push(row.id);
          }
        }),
      );
      await steps.finish(sentIds, "sent", null);
      for (const [reason, ids] of skipped) await steps.finish(ids, "skipped", reason);
      await steps.finish(failed, "failed", null);
      sent += sentIds.length;
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
  const run: Run = { ctx, push, messengers: messengersOf(ctx), now };
  let sent = 0;
  for (const lead of REMINDER_LEAD_KEYS) {
    const minutes = REMINDER_LEADS[lead];
    const window = { now, lead, leadMinutes: minutes, graceMinutes: graceOf(minutes) };
    sent += await drain(
      run,
      {
        reserve: (limit, after) => repository.reserveDue(ctx.db, { ...window, limit, after }),
        describe: (ids) => repository.describe(ctx.db, ids),
        send: (row, batch) => sendOne(run, batch, row),
        finish: (ids, status, reason) => repository.finish(ctx.db, ids, status, reason),
      },
      log,
    );
    sent += await drain(
      run,
      {
        reserve: (limit, after) => repository.reserveDueEvents(ctx.db, { ...window, limit, after }),
        describe: (ids) => repository.describeEvents(ctx.db, ids),
        send: (row, batch) => sendEvent(run, batch, row),
        finish: (ids, status, reason) => repository.finishEvents(ctx.db, ids, status, reason),
      },
      log,
    );
  }
  return sent;
}

/** The citizen's agenda page, where the event is. */
const EVENT_LINK = "/cittadino/agenda";

/**
 * A WhatsApp template's body parameter: one line (the platform refuses new lines, tabs and runs of
 * spaces in one) and never empty.
 */
const parameter = (value: string) => value.replace(/\s+/g, " ").trim() || "-";

/** The channels every reminder goes through alike; the e-mail's subject and the texts differ. */
async function deliver(
  run: Run,
  batch: Batch,
  row: {
    userId: number;
    channel: ReminderChannel;
    email: string | null;
    notificationConsense: boolean;
    prefix: string | null;
    phone: string | null;
  },
  message: {
    subject: string;
    email: string;
    sms: string;
    push: { title: string; body: string; url: string | null };
    bot: BotReminder;
  },
): Promise<Outcome> {
  const { ctx } = run;
  switch (row.channel) {
    case "email":
      // Reminders are not transactional mail: they follow the notification consent.
      if (!row.email) return "no_address";
      if (!row.notificationConsense) return "no_consent";
      await ctx.mailer.send({ to: row.email, subject: message.subject, text: message.email });
      return "sent";
    case "sms":
      // The same consent as the e-mail: a reminder is a notification, whatever the channel.
      if (!row.phone) return "no_address";
      if (!row.notificationConsense) return "no_consent";
      await ctx.sms.send({ to: `${row.prefix ?? "+39"}${row.phone}`, text: message.sms });
      return "sent";
    case "push": {
      const delivered = await run.push.sendToUsers(ctx.db, [row.userId], {
        title: message.push.title,
        body: message.push.body,
        extraData: { url: message.push.url, kind: "reminder" },
      });
      return delivered > 0 ? "sent" : "no_device";
    }
    case "bot": {
      // The chats the citizen linked and left on (notifications/bots); none linked: nothing to send to.
      const result = await sendBotReminder(run.messengers, batch.chats.get(row.userId) ?? [], message.bot, run.now);
      return typeof result === "number" ? "sent" : result;
    }
  }
}

/**
 * An agenda event is the citizen's own note (spec 001 §3 Event: name, place, date, time): the
 * reminder only informs, with no "Confermo" or "Non posso venire" links, and points at the agenda.
 */
function sendEvent(run: Run, batch: Batch, row: repository.EventReminderToSend): Promise<Outcome> {
  const at = when(row.startAt);
  const sentence = `Promemoria: ${row.name}, ${row.place}, ${at}.`;
  const agenda = `${run.ctx.config.publicUrl}${EVENT_LINK}`;
  return deliver(run, batch, row, {
    subject: `Cura: promemoria evento ${row.name}`,
    email: `${sentence}\n\nÈ un evento della tua agenda: ${agenda}`,
    sms: `Cura. ${sentence}`,
    push: { title: "Promemoria evento", body: sentence, url: EVENT_LINK },
    bot: {
      text: `Cura. ${sentence}`,
      parameters: [row.name, row.place, at, `Evento della tua agenda: ${agenda}`].map(parameter),
    },
  });
}

function sendOne(run: Run, batch: Batch, row: repository.ReminderToSend): Promise<Outcome> {
  const { ctx } = run;
  const what = row.serviceName ?? (row.kind === "teleconsulto" ? "Teleconsulto" : "Appuntamento");
  const at = when(row.startAt);
  const sentence = `Promemoria: ${what} presso ${row.companyName}, ${at}.`;
  const link = (answer: "confermo" | "annullo") =>
    `${ctx.config.publicUrl}/promemoria/${reminderToken(ctx.config.appSecret, row.id, answer)}`;
  const confirm = `Confermo: ${link("confermo")}`;
  const cancel = `Non posso venire: ${link("annullo")}`;
  const answers = `${confirm}\n${cancel}`;
  return deliver(run, batch, row, {
    subject: `Cura: promemoria ${what}`,
    email: `${sentence}\n\n${answers}`,
    sms: `Cura. ${sentence}\n${answers}`,
    push: {
      title: "Promemoria appuntamento",
      body: sentence,
      url: bookingLink(ctx.ids, "citizen", row.bookingId),
    },
    bot: {
      text: `Cura. ${sentence}\n${answers}`,
      parameters: [what, row.companyName, at, `${confirm} · ${cancel}`].map(parameter),
    },
  });
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

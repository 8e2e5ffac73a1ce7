import type { FastifyBaseLogger } from "fastify";
import type { ModuleContext } from "../../platform/module.ts";
import type { PushSender } from "../../platform/push/sender.ts";
import { notificationAddresses } from "../identity/index.ts";
import { bookingLink } from "./links.ts";
import * as repository from "./repository.ts";

/**
 * Sends the e-mails of notifications, after the transactions that created them have committed.
 * Rows wait as `pending`; a run claims a batch (FOR UPDATE SKIP LOCKED, so several API instances
 * never take the same row), sends each and records the outcome. A run starts shortly after a
 * change created notifications (the kick), and the scheduled job NOTIFICATION_EMAILS_JOB (every
 * minute, once across instances) picks up whatever a kick missed: a kick may fire before its
 * transaction has committed, and a row claimed by an instance that died is reclaimed after ten
 * minutes.
 */

export const NOTIFICATION_EMAILS_JOB = "notification-emails";
/** The kick waits this long, so the transaction that created the rows has usually committed. */
export const KICK_DELAY_MS = 250;
const BATCH = 25;
const MAX_ATTEMPTS = 5;

/**
 * Sends one batch of pending e-mails; answers how many rows it handled. The batch's addresses are read
 * at once, and the rows without one are closed at once; each sent row is recorded as soon as it is
 * sent, so a dispatcher that dies mid-batch resends only what it had not recorded.
 */
export async function dispatchNotificationEmails(ctx: ModuleContext, log?: FastifyBaseLogger): Promise<number> {
  const claimed = await repository.claimPendingEmails(ctx.db, BATCH);
  if (claimed.length === 0) return 0;
  const addresses = await notificationAddresses(
    ctx.db,
    claimed.map((row) => row.userId),
  );
  // No address, or the person said no to notifications (notification_consense): in-app only.
  const [toSend, skipped] = partition(claimed, (row) => Boolean(addresses.get(row.userId)));
  await repository.finishEmails(
    ctx.db,
    skipped.map((row) => row.id),
    "skipped",
  );
  for (const row of toSend) {
    try {
      const link = bookingLink(ctx.ids, row.audience, row.bookingId);
      const url = link ? `${ctx.config.publicUrl}${link}` : null;
      await ctx.mailer.send({
        to: addresses.get(row.userId) as string,
        subject: `Cura: ${row.title}`,
        text: [
          row.body,
          url ? `Apri la prenotazione: ${url}` : null,
          "Ricevi questa e-mail perché hai scelto di ricevere le notifiche di Cura.",
        ]
          .filter(Boolean)
          .join("\n\n"),
      });
      await repository.finishEmails(ctx.db, [row.id], "sent");
    } catch (error) {
      log?.error({ err: error, notification: row.id }, "notification e-mail failed");
      await repository.finishEmails(ctx.db, [row.id], row.emailAttempts >= MAX_ATTEMPTS ? "failed" : "pending");
    }
  }
  return claimed.length;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

const AREA_HOME: Record<string, string> = { citizen: "/cittadino", operator: "/operatore", admin: "/admin" };

/**
 * Sends one batch of pending pushes to the users' browsers (platform/push: every subscription,
 * three attempts each); answers how many rows it handled. A row is sent once even when none of the
 * user's browsers took it: the in-app notification and the e-mail remain.
 */
export async function dispatchNotificationPushes(
  ctx: ModuleContext,
  sender: PushSender,
  log?: FastifyBaseLogger,
): Promise<number> {
  const claimed = await repository.claimPendingPushes(ctx.db, BATCH);
  if (claimed.length === 0) return 0;
  // The batch's subscriptions in one read: most people have none, and their rows close together.
  const subscriptions = await sender.subscriptionsOf(ctx.db, [...new Set(claimed.map((row) => row.userId))]);
  const [toSend, unreachable] = partition(claimed, (row) => subscriptions.some((s) => s.userId === row.userId));
  await repository.finishPushes(
    ctx.db,
    unreachable.map((row) => row.id),
    "failed",
  );
  // One row at a time, as the e-mails: a batch in parallel would queue a database acquisition per
  // row at once, background work taking the pool's queue from requests.
  for (const row of toSend) {
    try {
      const url = bookingLink(ctx.ids, row.audience, row.bookingId) ?? AREA_HOME[row.audience] ?? "/";
      const delivered = await sender.sendToSubscriptions(
        ctx.db,
        subscriptions.filter((s) => s.userId === row.userId),
        { title: row.title, body: row.body, extraData: { url, kind: row.kind } },
      );
      await repository.finishPushes(ctx.db, [row.id], delivered > 0 ? "sent" : "failed");
    } catch (error) {
      log?.error({ err: error, notification: row.id }, "notification push failed");
      await repository.finishPushes(ctx.db, [row.id], "failed");
    }
  }
  return claimed.length;
}

export interface EmailDispatcher {
  /** Sends everything pending now; resolves when done (the scheduled job, tests). */
  drain(): Promise<void>;
  /** Asks for a run shortly (after a change created notifications). */
  kick(): void;
  stop(): Promise<void>;
}

/** Every running dispatcher of this process (one per app): a change kicks them all. */
const running = new Set<EmailDispatcher>();

export function kickDispatchers(): void {
  for (const dispatcher of running) dispatcher.kick();
}

export function createEmailDispatcher(
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  pushSender: PushSender | null = null,
): EmailDispatcher {
  let kickTimer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drainOnce = async () => {
    // A full batch may mean more are waiting.
    while (!stopped && (await dispatchNotificationEmails(ctx, log)) === BATCH) {}
    if (pushSender) while (!stopped && (await dispatchNotificationPushes(ctx, pushSender, log)) === BATCH) {}
  };

  /** One run at a time per instance; a request during a run asks for one more afterwards. */
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, "notification e-mail dispatch failed");
      } finally {
        current = null;
      }
    })();
    return current;
  };

  const dispatcher: EmailDispatcher = {
    async drain() {
      // A run in progress may have claimed its batch before the latest rows: run once more after it.
      if (current) await current;
      await run();
    },
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void run();
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
    async stop() {
      stopped = true;
      running.delete(dispatcher);
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      // The database closes after the app: let a run in progress finish first.
      await current;
    },
  };
  running.add(dispatcher);
  return dispatcher;
}

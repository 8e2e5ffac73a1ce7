import { createHmac, timingSafeEqual } from "node:crypto";
import {
  BOT_LINK_TTL_MINUTES,
  BOT_MESSAGES,
  BOT_MESSENGERS,
  type BotMessenger,
  conflict,
  notFound,
  type TBotAccess,
  type TBotAccessList,
  type TBotLink,
  type TTelegramUpdate,
  type TWhatsappNotification,
} from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../../platform/auth/access.ts";
import { hashToken, newToken } from "../../../platform/auth/tokens.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { createMessengers, type Messengers } from "./messengers.ts";
import * as repository from "./repository.ts";

/** The messengers of this server: built from the configuration and the dev outbox, nothing else. */
export const messengersOf = (ctx: ModuleContext): Messengers => createMessengers(ctx.config.bots, ctx.outbox);

function present(ctx: ModuleContext, row: repository.BotAccessRow): TBotAccess {
  return {
    hashid: ctx.ids.encode(row.id),
    bot_username: row.botUsername,
    active: row.active,
    messenger: row.messenger,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET users/bots/access`: the signed-in user's chats, and which messengers can be linked here. */
export async function list(
  ctx: ModuleContext,
  principal: Principal,
  query: { page: number; per_page: number },
): Promise<TBotAccessList> {
  const { rows, total } = await repository.listOf(ctx.db, principal.userId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const messengers = messengersOf(ctx);
  return {
    data: rows.map((row) => present(ctx, row)),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total,
      messengers: BOT_MESSENGERS.map((messenger) => ({
        messenger,
        available: messengers[messenger] !== null,
        bot_username: messengers[messenger]?.botUsername ?? null,
      })),
    },
  };
}

/**
 * `POST users/bots/link`: a deep link with a fresh single-use token, valid BOT_LINK_TTL_MINUTES. The
 * token travels in the link the citizen opens on their own phone; whoever writes it to the bot within
 * the time links that chat, so it is random (256 bits), stored hashed and replaced at each request.
 */
export async function link(
  ctx: ModuleContext,
  principal: Principal,
  messenger: BotMessenger,
  now = new Date(),
): Promise<TBotLink> {
  const target = messengersOf(ctx)[messenger];
  if (!target) throw conflict(BOT_MESSAGES.unavailable);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + BOT_LINK_TTL_MINUTES * 60_000);
  await ctx.db.transaction((tx) =>
    repository.replaceLinkToken(tx, { userId: principal.userId, messenger, tokenHash: hashToken(token), expiresAt }),
  );
  return { messenger, url: target.deepLink(token), expires_at: expiresAt.toISOString() };
}

/** `POST users/bots/status/{id}` `{ active }`: the owner's chat only; anyone else's id is a 404. */
export async function setStatus(ctx: ModuleContext, principal: Principal, hashid: string, active: boolean) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.setActive(ctx.db, principal.userId, id, active);
  if (!row) throw notFound(BOT_MESSAGES.notFound);
  return { message: active ? BOT_MESSAGES.activated : BOT_MESSAGES.deactivated, data: present(ctx, row) };
}

/** `DELETE users/bots/delete/{id}`: the owner's chat only. */
export async function remove(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const removed = id === null ? false : await repository.remove(ctx.db, principal.userId, id);
  if (!removed) throw notFound(BOT_MESSAGES.notFound);
  return { message: BOT_MESSAGES.deleted };
}

// ---------------------------------------------------------------------------------------------
// Webhooks: the platforms tell us what a chat wrote. Signatures are checked by the routes first.

/** Equal strings in constant time (lengths hidden too: both sides are hashed first). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHmac("sha256", "cura-bots").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** WhatsApp's X-Hub-Signature-256: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export function validWhatsappSignature(header: string | undefined, rawBody: Buffer, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A linking token as newToken writes it: 43 base64url characters. */
const TOKEN = /(?:^|[^A-Za-z0-9_-])([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

/**
 * A chat wrote the token of a deep link: link it to the token's user and say so in the chat. A stale
 * or used token gets the chat told to ask for a new link; anything else is ignored.
 */
async function linkChat(
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  messengers: Messengers,
  messenger: BotMessenger,
  chatId: string,
  token: string,
  now: Date,
  writtenAt: Date = now,
): Promise<boolean> {
  const target = messengers[messenger];
  if (!target) return false;
  const linked = await ctx.db.transaction(async (tx) => {
    const userId = await repository.consumeLinkToken(tx, messenger, hashToken(token), now);
    if (userId === null) return false;
    await repository.upsertAccess(tx, {
      userId,
      messenger,
      chatId,
      botUsername: target.botUsername,
      lastInboundAt: messenger === "WP" ? writtenAt : null,
    });
    return true;
  });
  try {
    await target.send(chatId, linked ? BOT_MESSAGES.linked : BOT_MESSAGES.linkInvalid);
  } catch (error) {
    // The link is stored: an error answer would make the platform retry an update whose token is used.
    log.error({ err: error, messenger }, "bot webhook: the reply could not be sent");
  }
  return linked;
}

/** Telegram: `/start <token>` is what a t.me deep link makes the app send. */
export async function telegramUpdate(
  ctx: ModuleContext,
  update: TTelegramUpdate,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const text = update.message?.text?.trim();
  const chat = update.message?.chat.id;
  if (!text || chat === undefined) return false;
  const match = /^\/start(?:@\w+)?\s+(\S+)$/.exec(text);
  if (!match?.[1]) return false;
  return linkChat(ctx, log, messengersOf(ctx), "TG", String(chat), match[1], now);
}

/**
 * When a WhatsApp message was written: its `timestamp` (Unix seconds, as the platform sends it), never
 * later than now (a clock ahead must not hold the 24-hour window open); now when it has none.
 */
function writtenAtOf(timestamp: string | number | undefined, now: Date): Date {
  const seconds = timestamp !== undefined && /^\d{1,12}$/.test(String(timestamp)) ? Number(timestamp) : null;
  return seconds === null ? now : new Date(Math.min(seconds * 1000, now.getTime()));
}

/**
 * WhatsApp: the wa.me link pre-fills a message with the token; each message of the batch is read.
 * Every message, linking or not, reopens its number's 24-hour window for free text.
 */
export async function whatsappNotification(
  ctx: ModuleContext,
  notification: TWhatsappNotification,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const messengers = messengersOf(ctx);
  let handled = false;
  const inbound: Array<{ chatId: string; at: Date }> = [];
  for (const entry of notification.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const message of change.value?.messages ?? []) {
        if (!/^\d{6,15}$/.test(message.from)) continue;
        const writtenAt = writtenAtOf(message.timestamp, now);
        inbound.push({ chatId: message.from, at: writtenAt });
        const token = message.text?.body ? TOKEN.exec(message.text.body)?.[1] : undefined;
        if (!token) continue;
        if (await linkChat(ctx, log, messengers, "WP", message.from, token, now, writtenAt)) handled = true;
      }
    }
  }
  if (inbound.length > 0) await repository.recordInbound(ctx.db, inbound);
  return handled;
}

// ---------------------------------------------------------------------------------------------
// Reminders: the `bot` channel.

/**
 * WhatsApp delivers free text only within 24 hours of the number's last message to us; the margin
 * keeps a reminder sent at the edge from arriving just after the window closed.
 */
export const WHATSAPP_WINDOW_MS = 24 * 3600_000 - 10 * 60_000;

/** A reminder for the bot chats: the text, and the same as the template's body parameters. */
export interface BotReminder {
  text: string;
  parameters: string[];
}

/** What reached no chat: none active, or only WhatsApp numbers outside the window without a template. */
export type BotSkip = "no_chat" | "whatsapp_window";

/** The active chats of a batch's users, in one query, by user. */
export async function activeChatsByUser(
  ctx: ModuleContext,
  userIds: number[],
): Promise<Map<number, repository.ActiveChat[]>> {
  const byUser = new Map<number, repository.ActiveChat[]>();
  for (const chat of await repository.activeChatsOf(ctx.db, [...new Set(userIds)])) {
    const list = byUser.get(chat.userId);
    if (list) list.push(chat);
    else byUser.set(chat.userId, [chat]);
  }
  return byUser;
}

/**
 * Sends a reminder to each of the user's active chats: Telegram and WhatsApp numbers that wrote in
 * the window get the text; other WhatsApp numbers the template, or nothing when none is configured.
 * Answers how many chats received it, or why none was meant to; throws when every send failed.
 */
export async function sendBotReminder(
  messengers: Messengers,
  chats: repository.ActiveChat[],
  reminder: BotReminder,
  now: Date,
): Promise<number | BotSkip> {
  let windowClosed = false;
  const sends: Array<Promise<void>> = [];
  for (const chat of chats) {
    const target = messengers[chat.messenger];
    if (!target) continue;
    // The window at `now` is opened by a message written in the WHATSAPP_WINDOW_MS before it.
    const since = chat.lastInboundAt === null ? null : now.getTime() - chat.lastInboundAt.getTime();
    const inWindow = chat.messenger !== "WP" || (since !== null && since >= 0 && since < WHATSAPP_WINDOW_MS);
    if (inWindow) sends.push(target.send(chat.chatId, reminder.text));
    else if (target.sendTemplate) sends.push(target.sendTemplate(chat.chatId, reminder.parameters));
    else windowClosed = true;
  }
  if (sends.length === 0) return windowClosed ? "whatsapp_window" : "no_chat";
  const results = await Promise.allSettled(sends);
  const delivered = results.filter((result) => result.status === "fulfilled").length;
  // One chat reached is a reminder sent; when none could be reached the reminder is recorded failed.
  const failure = results.find((result) => result.status === "rejected");
  if (delivered === 0 && failure) throw failure.reason;
  return delivered;
}

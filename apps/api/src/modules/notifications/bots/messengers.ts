import { BOT_MESSAGES, type BotMessenger } from "@cura/domain";
import type { BotsConfig } from "../../../config.ts";
import type { Outbox } from "../../../platform/messaging/outbox.ts";

/**
 * A messenger the bots write through: Telegram's Bot API, WhatsApp's Cloud API, or, in development
 * and tests, a loopback into the dev outbox (recipient `telegram:<chat>` or `whatsapp:<number>`).
 * Both real ones are two plain HTTPS calls, so they are written with fetch rather than an SDK.
 */
export interface Messenger {
  messenger: BotMessenger;
  /** The bot's @username (Telegram) or the business number (WhatsApp), shown beside each link. */
  botUsername: string;
  /** The link that opens the chat with the bot carrying the linking token. */
  deepLink(token: string): string;
  send(chatId: string, text: string): Promise<void>;
  /**
   * WhatsApp only, when WHATSAPP_REMINDER_TEMPLATE is set: the pre-approved template with these body
   * parameters, the one kind of message WhatsApp delivers to a number that has not written to us in
   * the last 24 hours.
   */
  sendTemplate?: (chatId: string, parameters: string[]) => Promise<void>;
}

/** The reminder template's body parameters in the Cloud API's shape. */
export const templateComponents = (parameters: string[]) => [
  { type: "body", parameters: parameters.map((text) => ({ type: "text", text })) },
];

export type Messengers = Record<BotMessenger, Messenger | null>;

const OUTBOX_PREFIX: Record<BotMessenger, string> = { TG: "telegram", WP: "whatsapp" };
/** The dev outbox's recipient for a chat: what a test or a developer filters the outbox by. */
export const outboxRecipient = (messenger: BotMessenger, chatId: string) => `${OUTBOX_PREFIX[messenger]}:${chatId}`;

const telegramLink = (username: string) => (token: string) => `https://t.me/${username}?start=${token}`;
const whatsappLink = (number: string) => (token: string) =>
  `https://wa.me/${number}?text=${encodeURIComponent(`${BOT_MESSAGES.whatsappPrefill} ${token}`)}`;

/** A platform's answer other than 2xx: the reminder is recorded failed, with the status in the log. */
async function ensureOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  const detail = (await response.text().catch(() => "")).slice(0, 300);
  throw new Error(`${what} answered ${response.status}: ${detail}`);
}

export function createMessengers(config: BotsConfig, outbox: Outbox | null): Messengers {
  const loopback = (messenger: BotMessenger, botUsername: string, deepLink: (token: string) => string) =>
    outbox
      ? {
          messenger,
          botUsername,
          deepLink,
          send: (chatId: string, text: string) =>
            outbox.put({
              channel: "bot",
              recipient: outboxRecipient(messenger, chatId),
              subject: null,
              text,
              html: null,
            }),
        }
      : null;

  const tg = config.telegram;
  let telegram: Messenger | null = null;
  if (tg?.mode === "live") {
    telegram = {
      messenger: "TG",
      botUsername: tg.username,
      deepLink: telegramLink(tg.username),
      async send(chatId, text) {
        const response = await fetch(`${tg.apiUrl}/bot${tg.token}/sendMessage`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ chat_id: chatId, text }),
          signal: AbortSignal.timeout(10_000),
        });
        await ensureOk(response, "Telegram sendMessage");
      },
    };
  } else if (tg) {
    telegram = loopback("TG", tg.username, telegramLink(tg.username));
  }

  const wa = config.whatsapp;
  const template = wa?.reminderTemplate ?? null;
  let whatsapp: Messenger | null = null;
  if (wa?.mode === "live") {
    const post = async (message: Record<string, unknown>) => {
      const response = await fetch(`${wa.apiUrl}/${wa.phoneNumberId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${wa.token}` },
        body: JSON.stringify({ messaging_product: "whatsapp", ...message }),
        signal: AbortSignal.timeout(10_000),
      });
      await ensureOk(response, "WhatsApp messages");
    };
    whatsapp = {
      messenger: "WP",
      botUsername: `+${wa.number}`,
      deepLink: whatsappLink(wa.number),
      send: (chatId, text) => post({ to: chatId, type: "text", text: { body: text } }),
      sendTemplate: template
        ? (chatId, parameters) =>
            post({
              to: chatId,
              type: "template",
              template: {
                name: template.name,
                language: { code: template.language },
                components: templateComponents(parameters),
              },
            })
        : undefined,
    };
  } else if (wa) {
    const base = loopback("WP", `+${wa.number}`, whatsappLink(wa.number));
    whatsapp =
      base && outbox && template
        ? {
            ...base,
            // The dev outbox shows the template and the parameters it would be filled with.
            sendTemplate: (chatId, parameters) =>
              outbox.put({
                channel: "bot",
                recipient: outboxRecipient("WP", chatId),
                subject: `Modello WhatsApp ${template.name} (${template.language})`,
                text: parameters.map((value, i) => `{{${i + 1}}} ${value}`).join("\n"),
                html: null,
              }),
          }
        : base;
  }
  return { TG: telegram, WP: whatsapp };
}

/**
 * Telegram delivers updates to a webhook once it is told where (setWebhook), with the secret it will
 * send back in X-Telegram-Bot-Api-Secret-Token. Called at start when Telegram is configured; a
 * failure is logged and start goes on (the bot can still send, and the call is retried next start).
 */
export async function registerTelegramWebhook(config: BotsConfig, publicUrl: string): Promise<void> {
  const tg = config.telegram;
  if (tg?.mode !== "live") return;
  const response = await fetch(`${tg.apiUrl}/bot${tg.token}/setWebhook`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      url: `${publicUrl}/api/v1/bots/telegram/webhook`,
      secret_token: tg.webhookSecret,
      allowed_updates: ["message"],
    }),
    signal: AbortSignal.timeout(10_000),
  });
  await ensureOk(response, "Telegram setWebhook");
}

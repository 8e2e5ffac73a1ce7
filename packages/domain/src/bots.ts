import { z } from "zod";
import { envelope, ZHashid, ZPageMeta, ZPageQuery } from "./contracts/common.ts";

/**
 * Bot access (spec 001 §3, §7 `users/bots/...`, issue 12 "Bots"): a citizen links a Telegram or
 * WhatsApp chat to the account through a deep link carrying a single-use token, and the chat then
 * receives reminders (the reminders' `bot` channel). The spec's `messenger` is 'WP' for WhatsApp,
 * anything else Telegram; we write 'TG' for Telegram.
 */
export const BOT_MESSENGERS = ["TG", "WP"] as const;
export type BotMessenger = (typeof BOT_MESSENGERS)[number];

/** How long a linking deep link stays valid; it is also used once at most. */
export const BOT_LINK_TTL_MINUTES = 15;

export const BOT_MESSAGES = {
  activated: "Bot attivato: riceverai i promemoria su questa chat",
  deactivated: "Bot disattivato: non riceverai più promemoria su questa chat",
  deleted: "Collegamento al bot eliminato",
  notFound: "Collegamento al bot non trovato",
  unavailable: "Questo servizio di messaggistica non è disponibile",
  /** What the bot writes in the chat once it is linked, and when the link is stale. */
  linked: "Il tuo account Cura è collegato: riceverai qui i promemoria dei tuoi appuntamenti.",
  linkInvalid: "Il link di collegamento non è valido o è scaduto: generane uno nuovo dal tuo profilo Cura.",
  /** The text a WhatsApp deep link pre-fills; the token follows it. */
  whatsappPrefill: "Collega il mio account Cura:",
} as const;

export const ZBotMessenger = z.enum(BOT_MESSENGERS);

/** Spec 001 §3 Bot access: hashid, bot_username, active, messenger. */
export const ZBotAccess = z
  .object({
    hashid: z.string(),
    /** The bot's name on Telegram (@username), the business number on WhatsApp. */
    bot_username: z.string(),
    active: z.boolean(),
    messenger: ZBotMessenger,
    created_at: z.string(),
  })
  .meta({ id: "BotAccess" });
export type TBotAccess = z.infer<typeof ZBotAccess>;

/** Which messengers this server can link (configured, or the loopback in development). */
export const ZBotMessengerAvailability = z.object({
  messenger: ZBotMessenger,
  available: z.boolean(),
  bot_username: z.string().nullable(),
});
export type TBotMessengerAvailability = z.infer<typeof ZBotMessengerAvailability>;

export const ZBotAccessQuery = ZPageQuery;
/** `GET users/bots/access`: the user's linked chats, paged; `meta.messengers` says which can be linked. */
export const ZBotAccessListResponse = z.object({
  data: z.array(ZBotAccess),
  meta: ZPageMeta.extend({ messengers: z.array(ZBotMessengerAvailability) }),
});
export type TBotAccessList = z.infer<typeof ZBotAccessListResponse>;

export const ZBotIdParams = z.object({ id: ZHashid });
/** `POST users/bots/status/{id}` `{ active }`. */
export const ZBotStatusBody = z.object({ active: z.boolean() });
export type TBotStatusBody = z.infer<typeof ZBotStatusBody>;
export const ZBotAccessResponse = envelope(ZBotAccess).extend({ message: z.string() });
export const ZBotDeleteResponse = z.object({ message: z.string() });

/** `POST users/bots/link` `{ messenger }`: a fresh deep link (the previous unused one stops working). */
export const ZBotLinkBody = z.object({ messenger: ZBotMessenger });
export type TBotLinkBody = z.infer<typeof ZBotLinkBody>;
export const ZBotLink = z.object({ messenger: ZBotMessenger, url: z.string(), expires_at: z.string() });
export type TBotLink = z.infer<typeof ZBotLink>;
export const ZBotLinkResponse = envelope(ZBotLink);

/**
 * The webhooks' bodies are the platforms' own (Telegram Update, WhatsApp Cloud API notification):
 * only what linking reads is named; anything else is accepted and ignored, so the platform, answered
 * 200, does not retry it.
 */
export const ZTelegramUpdate = z
  .object({
    update_id: z.number().optional(),
    message: z
      .object({
        chat: z.object({ id: z.union([z.number(), z.string()]) }).loose(),
        text: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type TTelegramUpdate = z.infer<typeof ZTelegramUpdate>;

export const ZWhatsappNotification = z
  .object({
    object: z.string().optional(),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    value: z
                      .object({
                        messages: z
                          .array(
                            z
                              .object({
                                from: z.string(),
                                /** When it was written, Unix seconds (the 24-hour window starts there). */
                                timestamp: z.union([z.string(), z.number()]).optional(),
                                type: z.string().optional(),
                                text: z.object({ body: z.string() }).loose().optional(),
                              })
                              .loose(),
                          )
                          .optional(),
                      })
                      .loose()
                      .optional(),
                  })
                  .loose(),
              )
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type TWhatsappNotification = z.infer<typeof ZWhatsappNotification>;

/** `GET bots/whatsapp/webhook`: Meta's subscription handshake. */
export const ZWhatsappVerifyQuery = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(256).optional(),
  "hub.challenge": z.string().max(256).optional(),
});

export const ZBotWebhookResponse = envelope(z.object({ handled: z.boolean() }));

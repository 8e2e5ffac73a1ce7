import { z } from "zod";
import { envelope, ZHashid, ZPageMeta, ZPageQuery } from "./common.ts";

/**
 * In-app notifications (spec 001 §2 screen 22 notification centre, §3 Popup notification, §7
 * Citizen shell helpers) and the messages exchanged on a booking (§7 `reservations/message/{id}`).
 */

export const NOTIFICATION_MESSAGES = {
  // Spec 001 §8, shell and popup messages (exact wording).
  popupLoadFailed: "Non è stato possibile verificare la presenza di nuove notifiche popup",
  popupUpdateFailed: "Non è stato possibile aggiornare lo stato della notifica popup",
  // Not in the spec: ours, in the same style.
  loadFailed: "Non è stato possibile recuperare le notifiche",
  readFailed: "Non è stato possibile aggiornare lo stato delle notifiche",
  readTargetRequired: "Indica le notifiche da segnare come lette, oppure tutte",
  readTooMany: "Al massimo 200 notifiche alla volta",
  messageRequired: "Scrivi il messaggio",
  messageTooLong: "Il messaggio può contenere al massimo 2000 caratteri",
  messageSent: "Messaggio inviato",
  messagesLoadFailed: "Non è stato possibile recuperare i messaggi",
  messageSendFailed: "Non è stato possibile inviare il messaggio",
} as const;

export const MESSAGE_MAX_LENGTH = 2000;
// POPUP_POLL_MS is in constants.ts: the area header polls without loading these schemas (and zod).
// Unread notifications become read 1 s after the centre opens: DELAYS_MS.notificationReadMove.

/** Who a notification speaks to: the link leads into that person's area. */
export const NOTIFICATION_AUDIENCES = ["citizen", "operator", "admin"] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** Bootstrap Italia colours a popup notification may use (spec 001 §3 "variant"). */
export const POPUP_VARIANTS = ["primary", "info", "success", "warning", "danger"] as const;
export type PopupVariant = (typeof POPUP_VARIANTS)[number];

export const ZNotification = z
  .object({
    hashid: z.string(),
    /** booking: a change of a booking; popup: shown once in a modal (spec 001 §3); general: anything else. */
    kind: z.enum(["booking", "popup", "general"]),
    title: z.string(),
    body: z.string(),
    /** A path inside the web app (the booking's page), or null. */
    link: z.string().nullable(),
    read: z.boolean(),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Notification" });
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = ZPageQuery.extend({
  /** Only the unread ones. */
  unread: z.stringbool().optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** A page of notifications; `meta.unread` counts every unread one (the bell's badge). */
export const ZNotificationPagedResponse = z.object({
  data: z.array(ZNotification),
  meta: ZPageMeta.extend({ unread: z.number() }),
});

/** `POST notifications/read`: the listed notifications, or all of them. */
export const ZNotificationReadBody = z
  .object({
    ids: z
      .array(ZHashid)
      .min(1, NOTIFICATION_MESSAGES.readTargetRequired)
      .max(200, NOTIFICATION_MESSAGES.readTooMany)
      .optional(),
    all: z.literal(true, { error: NOTIFICATION_MESSAGES.readTargetRequired }).optional(),
  })
  .refine((body) => body.ids !== undefined || body.all === true, {
    message: NOTIFICATION_MESSAGES.readTargetRequired,
    path: ["ids"],
  });
export type TNotificationReadBody = z.infer<typeof ZNotificationReadBody>;
export const ZNotificationReadResponse = envelope(z.object({ updated: z.number(), unread: z.number() }));

export const ZPopupNotification = z
  .object({
    hashid: z.string(),
    title: z.string(),
    body: z.string(),
    /** The action button's text; rapido, specialistico or pediatrico lead to that teleconsult section. */
    action: z.string().nullable(),
    variant: z.enum(POPUP_VARIANTS),
    seen: z.boolean(),
  })
  .meta({ id: "PopupNotification" });
export type TPopupNotification = z.infer<typeof ZPopupNotification>;

export const ZPopupListQuery = z.object({ unseen: z.stringbool().optional() });
export const ZPopupListResponse = envelope(z.array(ZPopupNotification));
export const ZPopupResponse = envelope(ZPopupNotification);
export const ZNotificationIdParams = z.object({ id: ZHashid });

/** A message on a booking, between the citizen who booked and the company's operators. */
export const ZBookingMessage = z
  .object({
    hashid: z.string(),
    body: z.string(),
    /** Which party wrote it. */
    author_kind: z.enum(["citizen", "operator"]),
    author_name: z.string(),
    /** Written by the signed-in user's party (their own side of the conversation). */
    mine: z.boolean(),
    /** When the other party read it. */
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "BookingMessage" });
export type TBookingMessage = z.infer<typeof ZBookingMessage>;

export const ZBookingMessageBody = z.object({
  body: z
    .string({ error: NOTIFICATION_MESSAGES.messageRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.messageRequired)
    .max(MESSAGE_MAX_LENGTH, NOTIFICATION_MESSAGES.messageTooLong),
});
export type TBookingMessageBody = z.infer<typeof ZBookingMessageBody>;
export const ZBookingMessageResponse = envelope(ZBookingMessage).extend({ message: z.string().optional() });
export const ZBookingMessageListResponse = envelope(z.array(ZBookingMessage));
export const ZBookingMessagesReadResponse = envelope(z.object({ updated: z.number() }));

/** `GET push/key`: the VAPID public key (base64url) a page passes to `pushManager.subscribe`. */
export const ZPushKeyResponse = z.object({
  data: z.object({ public_key: z.string().nullable() }),
});

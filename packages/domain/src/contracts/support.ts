import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * Support (spec 001 §2 screens 1, 2, 4, 22; §3 Manual, Downloadables, Support request; §5 Support
 * request; §9 manuals grouping) and the citizen chat-bot (§2 "Chat-bot widget", §7 botman).
 */

export const SUPPORT_OBJECTS = [
  "richiesta informazioni",
  "richiesta implementazione",
  "malfunzionamento",
  "correzione dati errati",
] as const;
export type SupportObject = (typeof SUPPORT_OBJECTS)[number];

export const SUPPORT_MESSAGES = {
  objectRequired: "Scegli l'oggetto della richiesta",
  contentRequired: "Scrivi il messaggio",
  contentTooLong: "Il messaggio può contenere al massimo 5000 caratteri",
  sent: "Richiesta inviata: ti risponderemo al più presto",
  versionRequired: "Indica la versione",
  titleRequired: "Indica il titolo",
  dateRequired: "Indica la data di rilascio",
  pdfRequired: "Allega il manuale in PDF (massimo 8 MB)",
  videoRequired: "Allega il video in formato mp4 (massimo 32 MB)",
  chatbotUnknown: "Conversazione non trovata",
  messageRequired: "Scrivi una domanda",
  manualRemoved: "Manuale eliminato",
  videoRemoved: "Video eliminato",
  tooManyTickets: "Hai inviato molte richieste di supporto: riprova più tardi",
} as const;

export const SUPPORT_CONTENT_MAX = 5000;
/**
 * Support requests a user may send in an hour: each one is an e-mail to the support address, so a
 * script (or a thousand parallel calls) must not fill its mailbox. Reserved atomically (platform limiter).
 */
export const SUPPORT_TICKETS_PER_HOUR = 10;
export const MANUAL_MAX_BYTES = 8 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 32 * 1024 * 1024;

/** `POST utilities/ticket`. */
export const ZSupportTicketBody = z.object({
  object: z.enum(SUPPORT_OBJECTS, { error: SUPPORT_MESSAGES.objectRequired }),
  content: z
    .string({ error: SUPPORT_MESSAGES.contentRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.contentRequired)
    .max(SUPPORT_CONTENT_MAX, SUPPORT_MESSAGES.contentTooLong),
});
export type TSupportTicketBody = z.infer<typeof ZSupportTicketBody>;
export const ZSupportTicketResponse = z.object({
  message: z.string(),
  data: z.object({ hashid: z.string(), object: z.enum(SUPPORT_OBJECTS), created_at: z.string() }),
});

/** Who a manual or video is for: the citizen area or the operators' (`is_operatore`, `scope`). */
export const DOWNLOAD_SCOPES = ["cittadino", "operatore"] as const;
export type DownloadScope = (typeof DOWNLOAD_SCOPES)[number];

export const ZManual = z
  .object({
    id: z.string(),
    version: z.string(),
    description: z.string(),
    is_italian: z.boolean(),
    is_operatore: z.boolean(),
    /** YYYY-MM-DD. */
    data_release: z.string(),
    /** `GET resources/{id}/public/scaricabili`, relative to the API base. */
    download_link: z.string(),
  })
  .meta({ id: "Manual" });
export type TManual = z.infer<typeof ZManual>;

export const ZVideo = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    scope: z.enum(DOWNLOAD_SCOPES),
    path: z.string(),
  })
  .meta({ id: "Video" });
export type TVideo = z.infer<typeof ZVideo>;

const ZBooleanQuery = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

/** `GET manuals?is_operatore=`: without it, every manual (the administrators' settings page). */
export const ZManualListQuery = ZPageQuery.extend({ is_operatore: ZBooleanQuery.optional() });
export const ZManualListResponse = pagedEnvelope(ZManual).extend({
  /** The manuals linked when none is registered (MANUAL_FALLBACK_URL_IT / _EN). */
  fallback: z.object({ it: z.string(), en: z.string().nullable() }),
});

export const ZDownloadsQuery = z.object({ scope: z.enum(DOWNLOAD_SCOPES).optional() });
export const ZDownloadsResponse = envelope(z.object({ manuali: z.array(ZManual), video: z.array(ZVideo) }));

/** The multipart fields of the administrators' upload of a manual (the file is the part `file`). */
export const ZManualFields = z.object({
  version: z
    .string({ error: SUPPORT_MESSAGES.versionRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.versionRequired)
    .max(60),
  description: z.string().trim().max(1000).default(""),
  is_italian: ZBooleanQuery.default(true),
  is_operatore: ZBooleanQuery.default(false),
  data_release: z.iso.date({ error: SUPPORT_MESSAGES.dateRequired }),
});
export const ZVideoFields = z.object({
  title: z.string({ error: SUPPORT_MESSAGES.titleRequired }).trim().min(1, SUPPORT_MESSAGES.titleRequired).max(120),
  description: z.string().trim().max(1000).default(""),
  scope: z.enum(DOWNLOAD_SCOPES).default("operatore"),
});
export const ZManualResponse = envelope(ZManual);
export const ZVideoResponse = envelope(ZVideo);
export const ZDownloadIdParams = z.object({ id: ZHashid });

/**
 * Manuals grouped by release day, newest first (spec 001 §9): the latest group is the left card,
 * the others the drop-down. Shared by the web pages and their tests.
 */
export function groupManuals(manuals: TManual[]): Array<{ date: string; version: string; manuals: TManual[] }> {
  const groups = new Map<string, TManual[]>();
  for (const manual of manuals) {
    const day = manual.data_release.slice(0, 10);
    groups.set(day, [...(groups.get(day) ?? []), manual]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, list]) => ({ date, version: list[0]?.version ?? "", manuals: list }));
}

/** The chat-bot: `GET users/own/chatbot/code` and `POST botman`. */
export const ZChatbotCodeResponse = envelope(z.object({ code: z.string() }));
export const ZBotmanBody = z.object({
  userId: z.string().min(1).max(64),
  message: z
    .string({ error: SUPPORT_MESSAGES.messageRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.messageRequired)
    .max(500),
});
export const ZBotmanResponse = envelope(
  z.object({
    /** The FAQ intent answered, or `fallback`. */
    intent: z.string(),
    messages: z.array(z.object({ type: z.literal("text"), text: z.string() })),
    links: z.array(z.object({ label: z.string(), url: z.string() })),
  }),
);
export type TBotmanReply = z.infer<typeof ZBotmanResponse>["data"];

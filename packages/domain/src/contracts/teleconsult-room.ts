import { z } from "zod";
import { ZEmail } from "../validation/email.ts";
import { phoneProblem, ZPhonePrefix } from "../validation/phone.ts";
import { envelope, ZHashid } from "./common.ts";

/**
 * The teleconsultation call (spec 001 §4 "Teleconsultation", issue 10): one realtime room per
 * reservation (`teleconsult:<booking hashid>`, docs/realtime.md) for its members only (the citizen,
 * the assigned operator, an admitted guest). Members exchange the WebRTC signalling and the chat
 * through it; the server keeps the 15-minute clock. Shared by the API (which validates every member
 * message with ZRoomSignal) and the call page.
 */

export const TELECONSULT_ROOM_KIND = "teleconsult";
export const teleconsultRoomName = (bookingHashid: string): string => `${TELECONSULT_ROOM_KIND}:${bookingHashid}`;

export const CALL_LIMITS = {
  /** A quick or paediatric call lasts 15 minutes from the first connection. */
  durationMs: 15 * 60_000,
  /** 'Mancano 2 minuti' at 13. */
  warningBeforeEndMs: 2 * 60_000,
  /** A specialist room opens this long before the slot (and closes at its end). */
  specialistEarlyMs: 10 * 60_000,
  /** The other party is "dropped" (status 8) after this long without a sign of life. */
  silentPeerMs: 10_000,
  /** TURN credentials live this long (the coturn REST scheme). */
  turnTtlSeconds: 2 * 60 * 60,
  /** Largest SDP or ICE candidate accepted; a real SDP with many codecs stays under 20 KB. */
  maxSdpChars: 60_000,
  maxCandidateChars: 2_000,
  maxChatChars: 2_000,
  /** Audio-only is offered past these for 10 s (getStats). */
  lossThreshold: 0.1,
  minOutgoingKbps: 150,
  poorForMs: 10_000,
  /** A guest link: 128 bits, base64url. */
  guestTokenBytes: 16,
} as const;

/** Spec 001 §4's statuses of the call page. */
export const CALL_STATUSES = {
  opening: 1,
  joined: 2,
  negotiating: 3,
  connected: 4,
  errorClosing: 5,
  errorClosed: 6,
  otherLeft: 7,
  otherDropped: 8,
} as const;
export type CallStatus = (typeof CALL_STATUSES)[keyof typeof CALL_STATUSES];

export const CALL_MEDIA = ["video", "audio", "chat"] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];

export const CALL_ROLES = ["citizen", "operator", "guest"] as const;
export type CallRole = (typeof CALL_ROLES)[number];

export const ROOM_MESSAGES = {
  connectFailed: "Impossibile connettersi",
  mediaFailed: "Impossibile avviare fotocamera o microfono",
  unstable: "Connessione instabile",
  offline: "Nessun segnale internet",
  twoMinutes: "Mancano 2 minuti",
  timeUp: "Tempo scaduto: la teleconsulenza è terminata",
  ended: "La teleconsulenza è terminata",
  notOpenYet: "La stanza non è ancora aperta",
  closed: "La teleconsulenza è terminata: non è possibile rientrare",
  notTakenYet: "La richiesta non è ancora stata presa in carico",
  documentsToSign: "Firma i documenti assegnati prima di entrare nella teleconsulenza",
  linkUsed: "Link già utilizzato",
  linkInvalid: "Link non valido",
  linkOutsideWindow: "Il link è valido solo durante la teleconsulenza",
  guestWaiting: "In attesa che l'operatore ti ammetta",
  guestInvited: "Invito inviato",
  contactRequired: "Indica un indirizzo e-mail o un numero di cellulare",
  tooManyGuests: "È già stato invitato un ospite per questa teleconsulenza",
} as const;

/* Member messages (the hub's `send` frames' event and payload). */

const ZSdp = z.object({
  type: z.enum(["offer", "answer"]),
  sdp: z.string().min(1).max(CALL_LIMITS.maxSdpChars),
});
/** Who a signal is meant for, in a three-way mesh (a hashid; absent: everyone else). */
const ZTo = z.string().max(64).optional();

export const ZRoomSignal = z.discriminatedUnion("event", [
  /** A member arrives (or comes back) and says with what. */
  z.object({
    event: z.literal("join"),
    payload: z.object({ media: z.enum(CALL_MEDIA), peer: z.string().max(64) }).strict(),
  }),
  z.object({ event: z.literal("offer"), payload: z.object({ to: ZTo, description: ZSdp }).strict() }),
  z.object({ event: z.literal("answer"), payload: z.object({ to: ZTo, description: ZSdp }).strict() }),
  z.object({
    event: z.literal("ice"),
    payload: z
      .object({
        to: ZTo,
        candidate: z
          .object({
            candidate: z.string().max(CALL_LIMITS.maxCandidateChars),
            sdpMid: z.string().max(64).nullable().optional(),
            sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
            usernameFragment: z.string().max(256).nullable().optional(),
          })
          .strict()
          .nullable(),
      })
      .strict(),
  }),
  z.object({
    event: z.literal("chat"),
    payload: z.object({ body: z.string().trim().min(1).max(CALL_LIMITS.maxChatChars) }).strict(),
  }),
  /** The page's status (1–8) and media, every few seconds: the others' sign of life. */
  z.object({
    event: z.literal("status"),
    payload: z.object({ status: z.number().int().min(1).max(8), media: z.enum(CALL_MEDIA) }).strict(),
  }),
  z.object({ event: z.literal("leave"), payload: z.object({}).strict().optional() }),
]);
export type TRoomSignal = z.infer<typeof ZRoomSignal>;

/** What the server publishes to the room on its own (`end` also comes from 'Termina'). */
export const ROOM_SERVER_EVENTS = {
  /** `{ remaining_ms }`: two minutes left. */
  warning: "warning",
  /** `{ reason }`: the call is over, the room closed. */
  end: "end",
  /** `{ deadline }`: the clock started (first connection). */
  clock: "clock",
  /** `{ guest }`: a guest opened the link and waits; the operator admits them. */
  guestWaiting: "guest_waiting",
  /** `{ guest }`: a guest was admitted. */
  guestAdmitted: "guest_admitted",
} as const;

export const CALL_END_REASONS = ["terminated", "time_up"] as const;

/* REST */

export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

export const ZRoomParams = z.object({ id: ZHashid });
export const ZGuestTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, ROOM_MESSAGES.linkInvalid),
});
export const ZGuestParams = z.object({ id: ZHashid, guest: ZHashid });

export const ZCallState = z.object({
  booking: z.string(),
  room: z.string(),
  role: z.enum(CALL_ROLES),
  /** The caller's own hashid in the room (`from` of the events). */
  me: z.string(),
  kind: z.string(),
  /** open: may join now; waiting: not yet (specialist before its window); ended: over. */
  state: z.enum(["open", "waiting", "ended"]),
  opens_at: z.string().nullable(),
  /** The end of the call: 15 minutes after the first connection, or the specialist slot's end. */
  deadline: z.string().nullable(),
  connected_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  ice_servers: z.array(ZIceServer),
  /** Every member's hashid and role (`from` of the events tells who sent what). */
  parties: z.array(z.object({ hashid: z.string(), role: z.enum(CALL_ROLES) })),
  guest: z
    .object({ hashid: z.string(), name: z.string(), status: z.enum(["invited", "waiting", "admitted"]) })
    .nullable(),
  server_time: z.string(),
});
export type TCallState = z.infer<typeof ZCallState>;
export const ZCallStateResponse = envelope(ZCallState);

export const ZEndCallBody = z.object({}).strict().optional();

export const ZGuestInviteBody = z
  .object({
    name: z.string().trim().min(1, "Indica il nome dell'ospite").max(100),
    email: ZEmail.optional(),
    /** The SMS goes to prefix + phone: the platform's phone rule (spec 000 §5), +39 unless said. */
    prefix: ZPhonePrefix.optional(),
    phone: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = phoneProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  })
  .strict()
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: ROOM_MESSAGES.contactRequired,
    path: ["email"],
  });
export type TGuestInviteBody = z.infer<typeof ZGuestInviteBody>;

export const ZGuestInvite = z.object({
  hashid: z.string(),
  name: z.string(),
  status: z.enum(["invited", "waiting", "admitted"]),
});
export const ZGuestInviteResponse = envelope(ZGuestInvite);

/** A guest's opening of the link: a socket token for this call only, and the call. */
export const ZGuestOpen = z.object({ token: z.string(), state: ZCallState });
export const ZGuestOpenResponse = envelope(ZGuestOpen);

/**
 * The guest's own state, asked with the socket token (in the body, never the URL): the admission is
 * pushed on the guest's socket only as a hint, so a guest whose socket opened after the operator
 * admitted them learns it here (with the ICE servers) instead of waiting forever.
 */
export const ZGuestStateBody = z.object({ token: z.string().min(1).max(100) }).strict();

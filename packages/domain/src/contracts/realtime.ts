import { z } from "zod";

/**
 * The realtime socket (docs/realtime.md): one WebSocket per signed-in tab at REALTIME_PATH, JSON text
 * frames. The client authenticates with its first message (never with the URL, which access logs
 * keep), is put in its own room, and may join the rooms a module lets it enter. Shared by the API
 * (which validates every client frame with these schemas) and the web client.
 */

export const REALTIME_PATH = "/api/v1/realtime";

export const REALTIME_LIMITS = {
  /** Largest frame a client may send; a larger one closes the socket (1009). */
  maxClientFrameBytes: 64 * 1024,
  /** The first message (auth) must arrive within this. */
  authTimeoutMs: 5_000,
  /** Client frames per socket: a bucket of `burst`, refilled at `perSecond`. */
  rate: { burst: 40, perSecond: 20 },
  /** Frames refused for the rate past which the socket is closed (4429). */
  maxRefusedFrames: 50,
  /** Rooms one socket may be in at once, its own included. */
  maxRooms: 32,
  /** Frames of a socket waiting for the database (a slow database): more are refused as rate-limited. */
  maxPendingFrames: 32,
  /** A client that has not read this much of what was sent to it is dropped. */
  maxBufferedBytes: 1024 * 1024,
} as const;

/** Close codes the server uses (4xxx: application codes mirroring HTTP statuses). */
export const REALTIME_CLOSE = {
  /** No token, a bad or revoked one, or no auth message in time: do not reconnect with it. */
  unauthenticated: 4401,
  /** The account may not use the socket (an operator waiting to be enabled). */
  forbidden: 4403,
  /** A frame that is not the protocol's. */
  badMessage: 4400,
  /** Too many frames. */
  rateLimited: 4429,
  /** The server is shutting down: reconnect (to another instance). */
  goingAway: 1001,
} as const;

/** `kind:id`: a room kind a module registered, and the id of what it is about (a hashid). */
export const ZRealtimeRoom = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9_-]{1,64}$/);
export const ZRealtimeEvent = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_.-]*$/);
/** An optional tag the client chooses; the server's answer to that frame carries it back. */
const ZRef = z.string().max(64).optional();

export const ZRealtimeClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/) }),
  z.object({ type: z.literal("join"), room: ZRealtimeRoom, ref: ZRef }),
  z.object({ type: z.literal("leave"), room: ZRealtimeRoom, ref: ZRef }),
  z.object({
    type: z.literal("send"),
    room: ZRealtimeRoom,
    event: ZRealtimeEvent,
    payload: z.unknown().optional(),
    ref: ZRef,
  }),
  z.object({ type: z.literal("ping"), ref: ZRef }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

export type RealtimeErrorCode =
  | "bad_message"
  | "unauthenticated"
  | "forbidden"
  | "room_refused"
  | "not_in_room"
  | "too_many_rooms"
  | "rate_limited"
  | "message_refused"
  | "unavailable";

export type TRealtimeServerMessage =
  /** After auth: the socket is in the user's own room. */
  | { type: "ready"; rooms: string[] }
  | { type: "joined"; room: string; ref?: string }
  | { type: "left"; room: string; ref?: string }
  /** Something published to a room the socket is in; `from` is the sender's hashid for a member's message. */
  | { type: "event"; room: string; event: string; payload: unknown; from?: string }
  /**
   * The server lost messages (its database listener reconnected): whatever the client shows from
   * pushed events, it should fetch again.
   */
  | { type: "resync" }
  | { type: "pong"; ref?: string }
  | { type: "error"; code: RealtimeErrorCode; message: string; ref?: string };

/** What the platform publishes to a user's own room. */
export const REALTIME_EVENTS = {
  /** A popup notification was created for the user: fetch the unseen popups now. */
  popup: "popup",
} as const;

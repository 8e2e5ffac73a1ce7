import {
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type RealtimeErrorCode,
  type TRealtimeClientMessage,
  type TRealtimeServerMessage,
  ZRealtimeClientMessage,
} from "@cura/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Database, DatabaseHandle, Executor } from "../../db/client.ts";
import type { Authenticator, Principal } from "../auth/access.ts";
import { type BusListener, type BusMessage, createBusConsumer, listen, publish } from "./bus.ts";

/**
 * What a module declares for a kind of room (`kind:<public id>`), e.g. one per teleconsultation for
 * its two parties. The hub asks it at every join, with the principal checked again at that moment.
 */
export interface RoomKind {
  /**
   * The room's internal id (what the module publishes to, `kind:<internal id>`) when this principal
   * may enter the room named by `publicId`; null refuses it, telling the client no more than that.
   */
  authorize(principal: Principal, publicId: string): Promise<string | null>;
  /**
   * A member's message to the room: what to publish to it (validated, perhaps saved first), or null
   * to refuse it (`{ refused }` to say why, in Italian). Absent: the room is read-only for its
   * members. Called in order for each socket.
   */
  onMessage?(input: {
    principal: Principal;
    /** The socket's upgrade request, its `principal` set: for the audit's actor, ip and request id. */
    request: FastifyRequest;
    room: string;
    event: string;
    payload: unknown;
  }): Promise<{ event: string; payload: unknown } | { refused: string } | null>;
}

export interface RealtimeHub {
  /** Modules register their kinds of room while they register their routes. */
  registerRoomKind(kind: string, definition: RoomKind): void;
  /** bus.publish: to everyone in `room` on every instance, when `db`'s transaction commits. */
  publish(db: Executor, room: string, event: string, payload?: unknown): Promise<void>;
  /** The WebSocket route's handler. */
  accept(socket: WebSocket, request: FastifyRequest): void;
  /** Checks every open socket's session now (it also runs every `sessionCheckMs`). */
  checkSessions(): Promise<void>;
  stats(): { sockets: number; rooms: number };
  stop(): Promise<void>;
}

export interface HubOptions {
  database: DatabaseHandle;
  authenticator: Authenticator;
  log: FastifyBaseLogger;
  /** How often the sessions of open sockets are checked (a revoked token's socket is closed by then). */
  sessionCheckMs: number;
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs: number;
}

/** The user's own room: every socket of the user is in it; modules publish to it with `userRoom(id)`. */
export const USER_ROOM_KIND = "user";
export const userRoom = (userId: number): string => `${USER_ROOM_KIND}:${userId}`;

const OPEN = 1;
/** Session checks ask about this many sessions per query. */
const SESSION_CHECK_BATCH = 1000;

interface Member {
  socket: WebSocket;
  request: FastifyRequest;
  principal: Principal | null;
  token: string | null;
  /** Public name → room key. */
  rooms: Map<string, string>;
  /** The rate bucket. */
  tokens: number;
  refilledAt: number;
  refused: number;
  /** Frames are handled one after another, so a member's messages keep their order. */
  chain: Promise<void>;
  pending: number;
  alive: boolean;
  authTimer: NodeJS.Timeout | null;
}

interface Room {
  publicName: string;
  members: Set<Member>;
}

export async function createRealtimeHub(options: HubOptions): Promise<RealtimeHub> {
  const { authenticator, log } = options;
  const db: Database = options.database.db;
  const kinds = new Map<string, RoomKind>();
  const members = new Set<Member>();
  const rooms = new Map<string, Room>();

  const deliver = (message: BusMessage) => {
    const room = rooms.get(message.r);
    if (!room) return;
    // Serialised once, sent to every member.
    const frame = JSON.stringify({
      type: "event",
      room: room.publicName,
      event: message.e,
      payload: message.p ?? null,
      ...(message.f ? { from: message.f } : {}),
    } satisfies TRealtimeServerMessage);
    for (const member of room.members) sendFrame(member, frame);
  };

  const consumer = createBusConsumer({ db, wants: (room) => rooms.has(room), deliver, log });
  const listener: BusListener = await listen(options.database, {
    consumer,
    log,
    reconnected: () => {
      const frame = JSON.stringify({ type: "resync" } satisfies TRealtimeServerMessage);
      for (const member of members) if (member.principal) sendFrame(member, frame);
    },
  });

  function sendFrame(member: Member, frame: string) {
    const socket = member.socket;
    if (socket.readyState !== OPEN) return;
    // A client that does not read what it is sent would make the server hold it all: dropped.
    if (socket.bufferedAmount > REALTIME_LIMITS.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(frame);
  }
  const send = (member: Member, message: TRealtimeServerMessage) => sendFrame(member, JSON.stringify(message));
  const fail = (member: Member, code: RealtimeErrorCode, message: string, ref?: string) =>
    send(member, { type: "error", code, message, ...(ref === undefined ? {} : { ref }) });
  const close = (member: Member, code: number, reason: string) => {
    if (member.socket.readyState === OPEN) member.socket.close(code, reason);
  };

  const enter = (member: Member, key: string, publicName: string) => {
    let room = rooms.get(key);
    if (!room) {
      room = { publicName, members: new Set() };
      rooms.set(key, room);
    }
    room.members.add(member);
    member.rooms.set(publicName, key);
  };
  const exit = (member: Member, publicName: string) => {
    const key = member.rooms.get(publicName);
    if (key === undefined) return;
    member.rooms.delete(publicName);
    const room = rooms.get(key);
    room?.members.delete(member);
    if (room && room.members.size === 0) rooms.delete(key);
  };
  const remove = (member: Member) => {
    if (member.authTimer) clearTimeout(member.authTimer);
    for (const publicName of [...member.rooms.keys()]) exit(member, publicName);
    members.delete(member);
  };

  /** The bucket: `burst` frames at once, `perSecond` after that. */
  const takeToken = (member: Member): boolean => {
    const now = Date.now();
    const { burst, perSecond } = REALTIME_LIMITS.rate;
    member.tokens = Math.min(burst, member.tokens + ((now - member.refilledAt) / 1000) * perSecond);
    member.refilledAt = now;
    if (member.tokens < 1) return false;
    member.tokens -= 1;
    return true;
  };

  /** The same rules as a route's access check (platform/auth/access.ts), for the socket. */
  const refusal = (principal: Principal | null): { code: number; reason: string } | null => {
    if (!principal) return { code: REALTIME_CLOSE.unauthenticated, reason: "Non autenticato" };
    if (principal.emailPendingVerification || principal.phonePendingVerification)
      return { code: REALTIME_CLOSE.unauthenticated, reason: "Account non verificato" };
    if (principal.restricted) return { code: REALTIME_CLOSE.forbidden, reason: "Accesso non consentito" };
    return null;
  };

  const handle = async (member: Member, message: TRealtimeClientMessage): Promise<void> => {
    if (message.type === "auth") {
      if (member.principal) return fail(member, "bad_message", "Già autenticato");
      const principal = await authenticator.authenticate(message.token, member.request);
      const refused = refusal(principal);
      if (refused || !principal) {
        fail(
          member,
          refused?.code === REALTIME_CLOSE.forbidden ? "forbidden" : "unauthenticated",
          refused?.reason ?? "",
        );
        return close(member, refused?.code ?? REALTIME_CLOSE.unauthenticated, refused?.reason ?? "");
      }
      if (member.authTimer) clearTimeout(member.authTimer);
      member.authTimer = null;
      member.principal = principal;
      member.request.principal = principal;
      member.token = message.token;
      const own = `${USER_ROOM_KIND}:${principal.hashid}`;
      enter(member, userRoom(principal.userId), own);
      return send(member, { type: "ready", rooms: [own] });
    }
    const principal = member.principal;
    if (!principal || !member.token) return;
    if (message.type === "ping") return send(member, { type: "pong", ...ref(message.ref) });
    if (message.type === "leave") {
      if (!member.rooms.has(message.room)) return fail(member, "not_in_room", "Non sei in questa stanza", message.ref);
      exit(member, message.room);
      return send(member, { type: "left", room: message.room, ...ref(message.ref) });
    }
    if (message.type === "join") {
      if (member.rooms.has(message.room))
        return send(member, { type: "joined", room: message.room, ...ref(message.ref) });
      if (member.rooms.size >= REALTIME_LIMITS.maxRooms)
        return fail(member, "too_many_rooms", "Troppe stanze aperte", message.ref);
      const [kindName = "", publicId = ""] = message.room.split(":");
      const kind = kinds.get(kindName);
      // A join is checked with the session as it is now (permissions may have changed since auth).
      const fresh = kind ? await authenticator.authenticate(member.token, member.request) : null;
      if (kind && refusal(fresh)) {
        const refused = refusal(fresh);
        fail(member, "unauthenticated", refused?.reason ?? "", message.ref);
        return close(member, refused?.code ?? REALTIME_CLOSE.unauthenticated, refused?.reason ?? "");
      }
      if (fresh) {
        member.principal = fresh;
        member.request.principal = fresh;
      }
      const internalId = kind && fresh ? await kind.authorize(fresh, publicId) : null;
      if (internalId === null) return fail(member, "room_refused", "Stanza non disponibile", message.ref);
      enter(member, `${kindName}:${internalId}`, message.room);
      return send(member, { type: "joined", room: message.room, ...ref(message.ref) });
    }
    // send
    const key = member.rooms.get(message.room);
    if (key === undefined) return fail(member, "not_in_room", "Non sei in questa stanza", message.ref);
    const kind = kinds.get(message.room.split(":")[0] ?? "");
    const accepted = kind?.onMessage
      ? await kind.onMessage({
          principal,
          request: member.request,
          room: key,
          event: message.event,
          payload: message.payload ?? null,
        })
      : null;
    if (!accepted) return fail(member, "message_refused", "Messaggio non consentito", message.ref);
    if ("refused" in accepted) return fail(member, "message_refused", accepted.refused, message.ref);
    await publish(db, key, accepted.event, accepted.payload, { from: principal.hashid });
  };

  const onFrame = (member: Member, data: string) => {
    if (!takeToken(member) || member.pending >= REALTIME_LIMITS.maxPendingFrames) {
      member.refused += 1;
      if (member.refused > REALTIME_LIMITS.maxRefusedFrames)
        return close(member, REALTIME_CLOSE.rateLimited, "Troppi messaggi");
      return fail(member, "rate_limited", "Troppi messaggi: rallenta");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      parsed = undefined;
    }
    const result = ZRealtimeClientMessage.safeParse(parsed);
    if (!result.success) {
      if (!member.principal) return close(member, REALTIME_CLOSE.unauthenticated, "Autenticazione richiesta");
      return fail(member, "bad_message", "Messaggio non valido");
    }
    // Before authenticating, the only frame accepted is the authentication.
    if (!member.principal && result.data.type !== "auth" && member.pending === 0)
      return close(member, REALTIME_CLOSE.unauthenticated, "Autenticazione richiesta");
    member.pending += 1;
    member.chain = member.chain
      .then(() => handle(member, result.data))
      .catch((error: unknown) => {
        log.error({ err: error }, "realtime message failed");
        fail(member, "unavailable", "Servizio momentaneamente non disponibile");
      })
      .finally(() => {
        member.pending -= 1;
      });
  };

  const accept = (socket: WebSocket, request: FastifyRequest) => {
    const member: Member = {
      socket,
      request,
      principal: null,
      token: null,
      rooms: new Map(),
      tokens: REALTIME_LIMITS.rate.burst,
      refilledAt: Date.now(),
      refused: 0,
      chain: Promise.resolve(),
      pending: 0,
      alive: true,
      authTimer: null,
    };
    members.add(member);
    member.authTimer = setTimeout(() => {
      if (!member.principal) close(member, REALTIME_CLOSE.unauthenticated, "Autenticazione scaduta");
    }, REALTIME_LIMITS.authTimeoutMs);
    member.authTimer.unref();
    socket.on("message", (data, isBinary) => {
      member.alive = true;
      if (isBinary) return close(member, REALTIME_CLOSE.badMessage, "Solo messaggi di testo");
      onFrame(member, Array.isArray(data) ? Buffer.concat(data).toString() : data.toString());
    });
    socket.on("pong", () => {
      member.alive = true;
    });
    socket.on("close", () => remove(member));
  };

  let checking: Promise<void> | null = null;
  const checkSessions = async () => {
    if (checking) return checking;
    checking = (async () => {
      const bySession = new Map<number, Member[]>();
      for (const member of members) {
        if (!member.principal) continue;
        const list = bySession.get(member.principal.sessionId) ?? [];
        list.push(member);
        bySession.set(member.principal.sessionId, list);
      }
      const ids = [...bySession.keys()];
      for (let i = 0; i < ids.length; i += SESSION_CHECK_BATCH) {
        const batch = ids.slice(i, i + SESSION_CHECK_BATCH);
        const live = await authenticator.liveSessions(batch);
        for (const id of batch) {
          if (live.has(id)) continue;
          for (const member of bySession.get(id) ?? []) {
            fail(member, "unauthenticated", "Sessione scaduta");
            close(member, REALTIME_CLOSE.unauthenticated, "Sessione scaduta");
          }
        }
      }
    })();
    try {
      await checking;
    } finally {
      checking = null;
    }
  };

  const sessionTimer = setInterval(() => {
    checkSessions().catch((error: unknown) => log.warn({ err: error }, "realtime session check failed"));
  }, options.sessionCheckMs);
  sessionTimer.unref();
  const heartbeat = setInterval(() => {
    for (const member of members) {
      if (!member.alive) {
        member.socket.terminate();
        continue;
      }
      member.alive = false;
      if (member.socket.readyState === OPEN) member.socket.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    registerRoomKind(kind, definition) {
      if (kind === USER_ROOM_KIND || kinds.has(kind)) throw new Error(`realtime room kind ${kind} registered twice`);
      if (!/^[a-z][a-z0-9-]{0,31}$/.test(kind)) throw new Error(`realtime room kind ${kind}: not a valid name`);
      kinds.set(kind, definition);
    },
    publish: (executor, room, event, payload) => publish(executor, room, event, payload),
    accept,
    checkSessions,
    stats: () => ({ sockets: members.size, rooms: rooms.size }),
    async stop() {
      clearInterval(sessionTimer);
      clearInterval(heartbeat);
      for (const member of members) close(member, REALTIME_CLOSE.goingAway, "Server in arresto");
      await checking?.catch(() => {});
      await listener.stop();
    },
  };
}

function ref(value: string | undefined): { ref?: string } {
  return value === undefined ? {} : { ref: value };
}

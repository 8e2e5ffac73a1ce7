import { CALL_LIMITS, ROOM_MESSAGES, TELECONSULT_ROOM_KIND, ZRoomSignal } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { postMessage } from "../../bookings/index.ts";
import { teleconsultCall } from "../index.ts";
import { guestIdOf, type RoomTimes, roomTimes } from "./access.ts";
import * as repository from "./repository.ts";
import { membership, refusal } from "./service.ts";

type RoomState = RoomTimes["state"];

/** How long a room's "still open" answer is trusted between a member's messages. */
const OPEN_CACHE_MS = 2_000;
/** Chat messages are saved: at most this many per member in `CHAT_WINDOW_MS`. */
const CHAT_BURST = 10;
const CHAT_WINDOW_MS = 10_000;

/**
 * The call's room on the realtime hub (docs/realtime.md): `teleconsult:<booking hashid>`. A join is
 * checked against the database every time (member, window, clock, documents, admission), so a call
 * that ended cannot be re-entered. Member messages are validated with ZRoomSignal; chat is saved as
 * the booking's messages before it is relayed; anything once the call is over is refused (checked
 * against the stored deadline at most every 2 s per room, not once per ICE candidate).
 */
export function registerCallRoom(ctx: ModuleContext): void {
  const openUntil = new Map<number, { checkedAt: number; state: RoomState }>();
  const chats = new Map<string, number[]>();

  const roomState = async (bookingId: number, now: Date): Promise<RoomState> => {
    const cached = openUntil.get(bookingId);
    if (cached && now.getTime() - cached.checkedAt < OPEN_CACHE_MS) return cached.state;
    const call = await teleconsultCall(ctx.db, bookingId);
    const clock = await repository.findClock(ctx.db, bookingId);
    const state = call === null ? "ended" : roomTimes(call, clock, now).state;
    if (openUntil.size > 10_000) openUntil.clear();
    openUntil.set(bookingId, { checkedAt: now.getTime(), state });
    return state;
  };

  /**
   * A second connection of the same person to a call (another tab, another device) is audited
   * ("double connected"): one of them may not be theirs. Each socket is its upgrade request; a socket
   * is live while it said `join` or `status` within the silent-peer time. Per instance: two sockets
   * on two instances go unnoticed here (the web app keeps one socket per tab).
   */
  const sockets = new Map<string, Map<string, number>>();
  const seen = async (
    principal: Principal,
    request: FastifyRequest,
    bookingId: number,
    event: string,
    now: number,
  ): Promise<void> => {
    const key = `${bookingId}:${principal.hashid}`;
    const live = sockets.get(key) ?? new Map<string, number>();
    for (const [id, at] of live) if (now - at > CALL_LIMITS.silentPeerMs) live.delete(id);
    if (event === "leave") live.delete(request.id);
    else {
      const fresh = !live.has(request.id);
      live.set(request.id, now);
      if (fresh && event === "join" && live.size > 1) {
        const call = await teleconsultCall(ctx.db, bookingId);
        await recordAudit(ctx.db, actorOf(request), {
          action: "teleconsult.double_connected",
          entity: "booking",
          entityId: bookingId,
          companyId: call?.companyId ?? null,
          detail: { connections: live.size },
        });
      }
    }
    if (sockets.size > 10_000) sockets.clear();
    if (live.size === 0) sockets.delete(key);
    else sockets.set(key, live);
  };

  const chatAllowed = (key: string, now: number): boolean => {
    const recent = (chats.get(key) ?? []).filter((at) => now - at < CHAT_WINDOW_MS);
    if (recent.length >= CHAT_BURST) return false;
    recent.push(now);
    if (chats.size > 10_000) chats.clear();
    chats.set(key, recent);
    return true;
  };

  ctx.realtime.registerRoomKind(TELECONSULT_ROOM_KIND, {
    authorize: async (principal, publicId) => {
      const id = ctx.ids.decode(publicId);
      if (id === null) return null;
      try {
        const member = await membership(ctx.db, principal, id);
        if (await refusal(ctx.db, member, new Date())) return null;
      } catch {
        return null;
      }
      openUntil.delete(id);
      return String(id);
    },
    onMessage: async ({ principal, request, room, event, payload }) => {
      const parsed = ZRoomSignal.safeParse({ event, payload: payload ?? undefined });
      if (!parsed.success) return null;
      const bookingId = Number(room.slice(TELECONSULT_ROOM_KIND.length + 1));
      const now = new Date();
      const state = await roomState(bookingId, now);
      // After the end, every message (a chat answer too) is refused saying the call is over.
      if (state === "ended") return { refused: ROOM_MESSAGES.ended };
      if (state !== "open") return null;
      const signal = parsed.data;
      if (signal.event === "join" || signal.event === "status" || signal.event === "leave")
        await seen(principal, request, bookingId, signal.event, now.getTime());
      if (signal.event !== "chat") return { event: signal.event, payload: signal.payload ?? {} };
      if (!chatAllowed(`${room}:${principal.hashid}`, now.getTime())) return null;
      // A guest's words are relayed, not kept: the booking's messages are between its two parties.
      if (guestIdOf(principal) !== null) {
        return { event: "chat", payload: { body: signal.payload.body, at: now.toISOString(), saved: null } };
      }
      const saved = await postMessage(ctx, request, ctx.ids.encode(bookingId), signal.payload.body);
      return { event: "chat", payload: { body: saved.body, at: saved.created_at, saved: saved.hashid } };
    },
  });
}

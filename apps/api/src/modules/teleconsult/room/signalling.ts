import { TELECONSULT_ROOM_KIND, ZRoomSignal } from "@cura/domain";
import type { ModuleContext } from "../../../platform/module.ts";
import { postMessage } from "../../bookings/index.ts";
import { teleconsultCall } from "../index.ts";
import { guestIdOf, roomTimes } from "./access.ts";
import * as repository from "./repository.ts";
import { membership, refusal } from "./service.ts";

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
  const openUntil = new Map<number, { checkedAt: number; open: boolean }>();
  const chats = new Map<string, number[]>();

  const stillOpen = async (bookingId: number, now: Date): Promise<boolean> => {
    const cached = openUntil.get(bookingId);
    if (cached && now.getTime() - cached.checkedAt < OPEN_CACHE_MS) return cached.open;
    const call = await teleconsultCall(ctx.db, bookingId);
    const clock = await repository.findClock(ctx.db, bookingId);
    const open = call !== null && roomTimes(call, clock, now).state === "open";
    if (openUntil.size > 10_000) openUntil.clear();
    openUntil.set(bookingId, { checkedAt: now.getTime(), open });
    return open;
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
      if (!(await stillOpen(bookingId, now))) return null;
      const signal = parsed.data;
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

import {
  CALL_LIMITS,
  type CallRole,
  conflict,
  notFound,
  ROOM_MESSAGES,
  ROOM_SERVER_EVENTS,
  type TCallState,
  teleconsultRoomName,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit, systemActor } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { publish } from "../../../platform/realtime/index.ts";
import { unsignedDocumentCount } from "../../documents/index.ts";
import { endTeleconsult, recordConnected, type TeleconsultCall, teleconsultCall } from "../index.ts";
import { clockDeadline, guestIdOf, roleOf, roomTimes } from "./access.ts";
import * as repository from "./repository.ts";
import { iceServersFor } from "./turn.ts";

/** The room a module publishes to (the hub keys rooms by internal id). */
export const roomKey = (bookingId: number): string => `teleconsult:${bookingId}`;

export interface Membership {
  call: TeleconsultCall;
  role: CallRole;
  clock: repository.ClockRow | null;
  guest: repository.GuestRow | null;
}

/** The call and the principal's role in it; anyone else (or no such call) gets a 404. */
export async function membership(db: Executor, principal: Principal, bookingId: number): Promise<Membership> {
  const call = await teleconsultCall(db, bookingId);
  if (!call) throw notFound();
  const guest = await repository.findGuestOfBooking(db, bookingId);
  const guestId = guestIdOf(principal);
  // A guest not yet admitted still reads the call's state (to wait), but never enters the room.
  const role =
    guestId !== null && guest?.id === guestId ? "guest" : roleOf(principal, call, guest?.admittedAt ? guest.id : null);
  if (!role) throw notFound();
  return { call, role, clock: await repository.findClock(db, bookingId), guest };
}

/**
 * Why this member may not be in the room now, or null. Checked at every join (the socket's and the
 * page's): a call not yet taken in charge, outside its window, over (the 15 minutes, 'Termina'), a
 * citizen with documents still to sign (issue 10), a guest not admitted.
 */
export async function refusal(db: Executor, member: Membership, now: Date): Promise<string | null> {
  const { call, role, clock, guest } = member;
  if (call.operatorId === null) return ROOM_MESSAGES.notTakenYet;
  const times = roomTimes(call, clock, now);
  if (times.state === "ended") return ROOM_MESSAGES.closed;
  if (times.state === "waiting") return ROOM_MESSAGES.notOpenYet;
  if (role === "guest" && !guest?.admittedAt) return ROOM_MESSAGES.guestWaiting;
  if (role === "citizen" && (await unsignedDocumentCount(db, call.bookingId)) > 0) return ROOM_MESSAGES.documentsToSign;
  return null;
}

export async function callState(
  ctx: ModuleContext,
  principal: Principal,
  bookingHashid: string,
  now: Date,
): Promise<TCallState> {
  const id = ctx.ids.decode(bookingHashid);
  if (id === null) throw notFound();
  const member = await membership(ctx.db, principal, id);
  // Documents to sign keep the citizen out with a 409 that says so (the page links to them).
  if (member.role === "citizen" && member.call.operatorId !== null) {
    if ((await unsignedDocumentCount(ctx.db, id)) > 0) throw conflict(ROOM_MESSAGES.documentsToSign);
  }
  return present(ctx, principal, member, now);
}

function present(ctx: ModuleContext, principal: Principal, member: Membership, now: Date): TCallState {
  const { call, clock, guest } = member;
  const times = roomTimes(call, clock, now);
  const parties: TCallState["parties"] = [{ hashid: ctx.ids.encode(call.citizenId), role: "citizen" }];
  if (call.operatorId !== null) parties.push({ hashid: ctx.ids.encode(call.operatorId), role: "operator" });
  if (guest?.admittedAt) parties.push({ hashid: guestHashid(ctx, guest.id), role: "guest" });
  // Credentials only to whoever may connect now (a guest once admitted), valid for a few hours at most.
  const open =
    times.state === "open" && call.operatorId !== null && (member.role !== "guest" || guest?.admittedAt != null);
  return {
    booking: ctx.ids.encode(call.bookingId),
    room: teleconsultRoomName(ctx.ids.encode(call.bookingId)),
    role: member.role,
    me: principal.hashid,
    kind: call.kind,
    state: call.operatorId === null && times.state !== "ended" ? "waiting" : times.state,
    opens_at: times.opensAt.toISOString(),
    deadline: times.deadline?.toISOString() ?? null,
    connected_at: clock?.startedAt.toISOString() ?? call.connectedAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? clock?.doneAt?.toISOString() ?? null,
    ice_servers: open ? iceServersFor(ctx.config.webrtc, principal.hashid, now) : [],
    parties,
    guest:
      guest && member.role === "operator"
        ? {
            hashid: guestHashid(ctx, guest.id),
            name: guest.name,
            status: guest.admittedAt ? "admitted" : guest.openedAt ? "waiting" : "invited",
          }
        : null,
    server_time: now.toISOString(),
  };
}

/** A guest's public id in the room: distinct from every user's hashid (they share the encoder). */
export const guestHashid = (ctx: ModuleContext, guestId: number): string => `g${ctx.ids.encode(guestId)}`;

/**
 * `POST reservations/company/tc/connected/{id}`: sent by a member's page on its first status 4.
 * Records the call's start once (a second call, from the other party or a rejoin, keeps the first)
 * and starts the server's clock: its deadline is stored, so any instance's job ends the call on time.
 */
export async function connected(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  bookingHashid: string,
  now: Date,
): Promise<TCallState> {
  const id = ctx.ids.decode(bookingHashid);
  if (id === null) throw notFound();
  const member = await membership(ctx.db, principal, id);
  const refused = await refusal(ctx.db, member, now);
  if (refused) throw conflict(refused);
  await ctx.db.transaction(async (tx) => {
    const startedAt = await recordConnected(tx, id, now);
    const before = await repository.findClock(tx, id);
    if (before) return;
    const clock = await repository.startClock(tx, id, startedAt, clockDeadline(member.call, startedAt));
    await recordAudit(tx, actorOf(request), {
      action: "teleconsult.connected",
      entity: "booking",
      entityId: id,
      companyId: member.call.companyId,
      detail: { deadline: clock.deadline.toISOString() },
    });
    await publish(tx, roomKey(id), ROOM_SERVER_EVENTS.clock, { deadline: clock.deadline.toISOString() });
  });
  return present(ctx, principal, await membership(ctx.db, principal, id), now);
}

/** 'Termina': either party ends the call early (a guest only leaves). Ending an ended call changes nothing. */
export async function endCall(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  bookingHashid: string,
  now: Date,
): Promise<TCallState> {
  const id = ctx.ids.decode(bookingHashid);
  if (id === null) throw notFound();
  const member = await membership(ctx.db, principal, id);
  if (member.role === "guest") throw notFound();
  if (member.call.operatorId === null) throw conflict(ROOM_MESSAGES.notTakenYet);
  await finish(ctx.db, id, now, "terminated", request);
  return present(ctx, principal, await membership(ctx.db, principal, id), now);
}

/** The call ends: the teleconsult recorded evaso (tc's endTeleconsult), the clock done, the room told. */
async function finish(db: Executor, bookingId: number, now: Date, reason: string, request?: FastifyRequest) {
  await db.transaction(async (tx) => {
    // The clock's row first, then the booking (endTeleconsult): the order runClock locks them in, so
    // 'Termina' at the deadline and the clock's job never wait on each other (a deadlock otherwise).
    await repository.finishClock(tx, bookingId, now);
    const ended = await endTeleconsult(tx, bookingId, now, reason, request);
    if (ended) await publish(tx, roomKey(bookingId), ROOM_SERVER_EVENTS.end, { reason });
  });
}

/** Bookings ended these calls (the teleconsult module's listener): clocks stopped, members told. */
export async function stopCalls(tx: Executor, bookingIds: number[], reason: string, at: Date): Promise<void> {
  await repository.stopClocks(tx, bookingIds, at);
  for (const id of bookingIds) await publish(tx, roomKey(id), ROOM_SERVER_EVENTS.end, { reason });
}

const CLOCK_BATCH = 100;

/**
 * The clock's job (every minute, once across instances; tests run it on a test clock): the
 * two-minute warning, then the end of every call past its deadline. The deadline is also checked at
 * every join, so a late run never lets anyone back in.
 */
export async function runClock(db: Executor, now: Date): Promise<{ warned: number; ended: number }> {
  const warned = await db.transaction(async (tx) => {
    const rows = await repository.claimWarnings(tx, now, CALL_LIMITS.warningBeforeEndMs);
    for (const row of rows) {
      if (row.deadline <= now) continue;
      await publish(tx, roomKey(row.bookingId), ROOM_SERVER_EVENTS.warning, {
        remaining_ms: row.deadline.getTime() - now.getTime(),
        deadline: row.deadline.toISOString(),
      });
    }
    return rows.length;
  });
  let ended = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await repository.dueClocks(tx, now, CLOCK_BATCH);
      for (const clock of due) {
        const done = await endTeleconsult(tx, clock.bookingId, now, "time_up");
        await repository.finishClock(tx, clock.bookingId, now);
        if (done) await publish(tx, roomKey(clock.bookingId), ROOM_SERVER_EVENTS.end, { reason: "time_up" });
        await recordAudit(tx, systemActor, {
          action: "teleconsult.time_up",
          entity: "booking",
          entityId: clock.bookingId,
        });
      }
      return due.length;
    });
    ended += batch;
    if (batch < CLOCK_BATCH) break;
  }
  return { warned, ended };
}

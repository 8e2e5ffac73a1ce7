import {
  CALL_LIMITS,
  conflict,
  DEFAULT_PHONE_PREFIX,
  forbidden,
  notFound,
  ROOM_MESSAGES,
  ROOM_SERVER_EVENTS,
  type TGuestInviteBody,
  teleconsultRoomName,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { publish, userRoom } from "../../../platform/realtime/index.ts";
import { teleconsultCall } from "../index.ts";
import { roomTimes } from "./access.ts";
import { GUEST_SOCKET_TOKEN_PREFIX, guestPrincipal, newSecret, sha256 } from "./guest-auth.ts";
import * as repository from "./repository.ts";
import { callState, guestHashid, membership, roomKey } from "./service.ts";
import { iceServersFor } from "./turn.ts";

/**
 * A guest by single-use link (issue 10 "Beyond the spec"): a caregiver or an interpreter the
 * operator invites by e-mail or SMS. The link (128 random bits) opens once, only while the call may
 * be joined; the guest then waits until the operator admits them, and joins the call as a third
 * party (a mesh: each member connects to each other). Every step is audited.
 */

export const guestLink = (ctx: ModuleContext, token: string): string =>
  `${ctx.config.publicUrl}/teleconsulto/ospite/${token}`;

const presentGuest = (ctx: ModuleContext, guest: repository.GuestRow) => ({
  hashid: guestHashid(ctx, guest.id),
  name: guest.name,
  status: guest.admittedAt ? ("admitted" as const) : guest.openedAt ? ("waiting" as const) : ("invited" as const),
});

export async function inviteGuest(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  bookingHashid: string,
  body: TGuestInviteBody,
  now: Date,
) {
  const id = ctx.ids.decode(bookingHashid);
  if (id === null) throw notFound();
  const member = await membership(ctx.db, principal, id);
  // The operator runs the call, so the operator invites (and admits).
  if (member.role !== "operator") throw forbidden();
  if (roomTimes(member.call, member.clock, now).state === "ended") throw conflict(ROOM_MESSAGES.closed);
  // The platform's numbers are a prefix and a national number (spec 000 §5): the SMS needs both.
  const phone = body.phone ? `${body.prefix ?? DEFAULT_PHONE_PREFIX}${body.phone}` : null;
  const token = newSecret(CALL_LIMITS.guestTokenBytes);
  const guest = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertGuest(tx, {
      bookingId: id,
      invitedBy: principal.userId,
      name: body.name,
      email: body.email?.toLowerCase() ?? null,
      phone,
      tokenHash: sha256(token),
    });
    if (!row) throw conflict(ROOM_MESSAGES.tooManyGuests);
    await recordAudit(tx, actorOf(request), {
      action: "teleconsult.guest_invited",
      entity: "booking",
      entityId: id,
      companyId: member.call.companyId,
      detail: { guest: row.id, by: body.email ? "email" : "sms" },
    });
    return row;
  });
  const link = guestLink(ctx, token);
  const text = `Sei stato invitato a partecipare a una teleconsulenza su Cura. Apri questo link durante la chiamata (vale una sola volta): ${link}`;
  if (body.email) await ctx.mailer.send({ to: body.email, subject: "Invito a una teleconsulenza", text });
  if (phone) await ctx.sms.send({ to: phone, text });
  return presentGuest(ctx, guest);
}

/** The guest opens the link: once, inside the call's window; they wait to be admitted. */
export async function openGuestLink(ctx: ModuleContext, request: FastifyRequest, token: string, now: Date) {
  const found = await repository.findGuestByToken(ctx.db, sha256(token));
  if (!found) throw notFound(ROOM_MESSAGES.linkInvalid);
  if (found.openedAt) throw conflict(ROOM_MESSAGES.linkUsed);
  const call = await teleconsultCall(ctx.db, found.bookingId);
  const clock = await repository.findClock(ctx.db, found.bookingId);
  // Outside the window the link is not spent: it still works when the call is on.
  if (!call || call.operatorId === null || roomTimes(call, clock, now).state !== "open")
    throw conflict(ROOM_MESSAGES.linkOutsideWindow);
  const socketToken = `${GUEST_SOCKET_TOKEN_PREFIX}${newSecret(32)}`;
  const guest = await ctx.db.transaction(async (tx) => {
    const opened = await repository.openGuestLink(tx, found.tokenHash, sha256(socketToken), now);
    // Two openings at once: one wins.
    if (!opened) throw conflict(ROOM_MESSAGES.linkUsed);
    await recordAudit(
      tx,
      { ...actorOf(request), userId: null, userType: null },
      {
        action: "teleconsult.guest_opened",
        entity: "booking",
        entityId: found.bookingId,
        companyId: call.companyId,
        detail: { guest: opened.id },
      },
    );
    await publish(tx, roomKey(found.bookingId), ROOM_SERVER_EVENTS.guestWaiting, { guest: presentGuest(ctx, opened) });
    return opened;
  });
  const hashid = guestHashid(ctx, guest.id);
  return {
    token: socketToken,
    guest: { hashid, name: guest.name },
    booking: ctx.ids.encode(found.bookingId),
    room: teleconsultRoomName(ctx.ids.encode(found.bookingId)),
    principal: guestPrincipal(guest.id, hashid),
  };
}

/**
 * The guest's state, asked with their socket token: whether they were admitted (they are then among
 * the parties, with ICE servers). The admission pushed on their socket is a hint that a socket not yet
 * open misses; the page asks here once its socket is ready.
 */
export async function guestCallState(ctx: ModuleContext, socketToken: string, now: Date) {
  const guest = await repository.findGuestBySocketToken(ctx.db, sha256(socketToken));
  if (!guest) throw notFound(ROOM_MESSAGES.linkInvalid);
  const principal = guestPrincipal(guest.id, guestHashid(ctx, guest.id));
  return callState(ctx, principal, ctx.ids.encode(guest.bookingId), now);
}

/** The operator admits the waiting guest, who is told on their own socket room with the ICE servers. */
export async function admitGuest(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  bookingHashid: string,
  guestPublicId: string,
  now: Date,
) {
  const id = ctx.ids.decode(bookingHashid);
  const guestId = guestPublicId.startsWith("g") ? ctx.ids.decode(guestPublicId.slice(1)) : null;
  if (id === null || guestId === null) throw notFound();
  const member = await membership(ctx.db, principal, id);
  if (member.role !== "operator") throw forbidden();
  if (member.guest?.id !== guestId) throw notFound();
  if (roomTimes(member.call, member.clock, now).state === "ended") throw conflict(ROOM_MESSAGES.closed);
  const hashid = guestHashid(ctx, guestId);
  const guest = await ctx.db.transaction(async (tx) => {
    const row = await repository.admitGuest(tx, guestId, now);
    if (!row) throw conflict(ROOM_MESSAGES.guestWaiting);
    await recordAudit(tx, actorOf(request), {
      action: "teleconsult.guest_admitted",
      entity: "booking",
      entityId: id,
      companyId: member.call.companyId,
      detail: { guest: guestId },
    });
    await publish(tx, userRoom(-guestId), ROOM_SERVER_EVENTS.guestAdmitted, {
      ice_servers: iceServersFor(ctx.config.webrtc, hashid, now),
    });
    await publish(tx, roomKey(id), ROOM_SERVER_EVENTS.guestAdmitted, { guest: presentGuest(ctx, row) });
    return row;
  });
  return presentGuest(ctx, guest);
}

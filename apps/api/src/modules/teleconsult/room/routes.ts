import {
  USER_TYPES,
  ZCallStateResponse,
  ZGuestInviteBody,
  ZGuestInviteResponse,
  ZGuestOpenResponse,
  ZGuestParams,
  ZGuestStateBody,
  ZGuestTokenParams,
  ZRoomParams,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Access } from "../../../platform/auth/access.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { admitGuest, guestCallState, inviteGuest, openGuestLink } from "./guests.ts";
import { callState, connected, endCall } from "./service.ts";

const tags = ["teleconsult"];
/** The call's two parties; which call is theirs is the service's check (anyone else: 404). */
const PARTY: Access = { types: [USER_TYPES.citizen, USER_TYPES.operator] };
const OPERATOR: Access = { types: [USER_TYPES.operator] };

export const roomRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext; onClockStarted(deadline: Date): void }> = async (
  app,
  { ctx, onClockStarted },
) => {
  app.get(
    "/teleconsult/room/:id",
    {
      config: { access: PARTY },
      schema: {
        tags,
        summary:
          "The call of a teleconsultation for one of its members: state, deadline, ICE servers with TURN credentials",
        params: ZRoomParams,
        response: { 200: ZCallStateResponse },
      },
    },
    async (request) => ({ data: await callState(ctx, principalOf(request), request.params.id, new Date()) }),
  );

  app.post(
    "/reservations/company/tc/connected/:id",
    {
      config: { access: PARTY },
      schema: {
        tags,
        summary: "The call connected (first status 4): records the start once and starts the server's 15-minute clock",
        params: ZRoomParams,
        response: { 200: ZCallStateResponse },
      },
    },
    async (request) => {
      const state = await connected(ctx, request, principalOf(request), request.params.id, new Date());
      if (state.deadline) onClockStarted(new Date(state.deadline));
      return { data: state };
    },
  );

  app.post(
    "/teleconsult/room/:id/end",
    {
      config: { access: PARTY },
      schema: {
        tags,
        summary: "'Termina': ends the call early (booking evaso); the room closes and cannot be re-entered",
        params: ZRoomParams,
        response: { 200: ZCallStateResponse },
      },
    },
    async (request) => ({ data: await endCall(ctx, request, principalOf(request), request.params.id, new Date()) }),
  );

  app.post(
    "/teleconsult/room/:id/guests",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Invite a guest (caregiver, interpreter) by a single-use link sent by e-mail or SMS; one per call",
        params: ZRoomParams,
        body: ZGuestInviteBody,
        response: { 201: ZGuestInviteResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await inviteGuest(ctx, request, principalOf(request), request.params.id, request.body, new Date()),
      }),
  );

  app.post(
    "/teleconsult/room/:id/guests/:guest/admit",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Admit the guest waiting in the call",
        params: ZGuestParams,
        response: { 200: ZGuestInviteResponse },
      },
    },
    async (request) => ({
      data: await admitGuest(ctx, request, principalOf(request), request.params.id, request.params.guest, new Date()),
    }),
  );

  app.post(
    "/teleconsult/guest/:token/open",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "A guest opens the single-use link: a socket token for this call; a second opening is refused",
        params: ZGuestTokenParams,
        response: { 200: ZGuestOpenResponse },
      },
    },
    async (request) => {
      const now = new Date();
      const opened = await openGuestLink(ctx, request, request.params.token, now);
      const state = await callState(ctx, opened.principal, opened.booking, now);
      return { data: { token: opened.token, state } };
    },
  );

  app.post(
    "/teleconsult/guest/state",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          "A guest's call state, asked with their socket token: admitted or still waiting (ICE servers once admitted)",
        body: ZGuestStateBody,
        response: { 200: ZCallStateResponse },
      },
    },
    async (request) => ({ data: await guestCallState(ctx, request.body.token, new Date()) }),
  );
};

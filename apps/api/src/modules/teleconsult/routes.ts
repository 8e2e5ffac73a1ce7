import {
  ZMessage,
  ZTeleconsultFollowupBody,
  ZTeleconsultHashParams,
  ZTeleconsultKindParams,
  ZTeleconsultListQuery,
  ZTeleconsultListResponse,
  ZTeleconsultMoveBody,
  ZTeleconsultPendingResponse,
  ZTeleconsultRequestBody,
  ZTeleconsultResponse,
  ZTeleconsultServicesQuery,
  ZTeleconsultServicesResponse,
  ZTeleconsultSwitchBody,
  ZTeleconsultSwitchParams,
  ZTeleconsultSwitchResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module.ts";
import {
  setTeleconsultBookedHook,
  setTeleconsultCancelHook,
  setTeleconsultConfirmHook,
  setTeleconsultMessageHook,
  setTeleconsultProposeHook,
  setTeleconsultSettledHook,
} from "../bookings/index.ts";
import { ADMIN, CITIZEN, OPERATOR, PARTIES } from "./access-rules.ts";
import { onBookingsSettled } from "./call.ts";
import { EXPIRY_JOB, expireRequests } from "./expiry.ts";
import { adminList, companyList, one, ownList } from "./lists.ts";
import { followup, pending, requestTeleconsult } from "./requests.ts";
import { specialistServices } from "./specialist.ts";
import { setSwitchStatus, switchStatus } from "./switches.ts";
import { moveStart, onBooked, onConfirm, onProposed } from "./taking.ts";
import { onCitizenCancel, onMessage } from "./withdrawal.ts";

const tags = ["teleconsult"];
const errors = { 404: ZMessage };

/**
 * Teleconsultation (spec 001 §7 Citizen reservations and shell helpers, issue 10): quick and
 * paediatric requests, the operator switches, moving a start, and the lists of the three areas.
 * Taking charge is bookings' confirm (`POST reservations/company/confirm/{id}`), which calls this
 * module's hook in its transaction; the call itself is ./room.
 */
export const teleconsultRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  setTeleconsultConfirmHook(onConfirm);
  setTeleconsultBookedHook(onBooked);
  setTeleconsultProposeHook(onProposed);
  setTeleconsultSettledHook(onBookingsSettled);
  setTeleconsultCancelHook(onCitizenCancel);
  setTeleconsultMessageHook(onMessage);
  // Every minute: a request nobody took is cancelled within a minute of its 60 minutes.
  ctx.jobs.define({
    name: EXPIRY_JOB,
    cron: "* * * * *",
    run: async () => {
      await expireRequests(ctx);
    },
  });

  app.post(
    "/reservations/:kind",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "Request a quick (emergenza) or paediatric (tc_pediatrico) teleconsultation: routed to a company with an operator on; 409 when none, or with the open request",
        params: ZTeleconsultKindParams,
        body: ZTeleconsultRequestBody,
        response: { 201: ZTeleconsultResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requestTeleconsult(ctx, request, request.params.kind, request.body) }),
  );

  app.get(
    "/reservations/:kind/pending",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's open quick or paediatric request, if any",
        params: ZTeleconsultKindParams,
        response: { 200: ZTeleconsultPendingResponse, ...errors },
      },
    },
    async (request) => ({ data: await pending(ctx, request, request.params.kind) }),
  );

  app.post(
    "/reservations/:kind/followup",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "A follow-up request about an ended teleconsultation of the citizen, to the same company",
        params: ZTeleconsultKindParams,
        body: ZTeleconsultFollowupBody,
        response: { 201: ZTeleconsultResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await followup(ctx, request, request.params.kind, request.body) }),
  );

  app.put(
    "/reservations/order/tc/update/:hash",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Move a taken quick or paediatric teleconsultation's start (now to 24 hours ahead); the citizen is told",
        params: ZTeleconsultHashParams,
        body: ZTeleconsultMoveBody,
        response: { 200: ZTeleconsultResponse, ...errors },
      },
    },
    async (request) => ({ data: await moveStart(ctx, request, request.params.hash, request.body) }),
  );

  app.get(
    "/services/:x/operator/status",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The operator's switch of the quick (10) or paediatric (11) service",
        params: ZTeleconsultSwitchParams,
        response: { 200: ZTeleconsultSwitchResponse, ...errors },
      },
    },
    async (request) => ({ data: await switchStatus(ctx, request, request.params.x) }),
  );

  app.patch(
    "/services/:x/operator/status",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Switch the operator's quick (10) or paediatric (11) service on or off",
        params: ZTeleconsultSwitchParams,
        body: ZTeleconsultSwitchBody,
        response: { 200: ZTeleconsultSwitchResponse, ...errors },
      },
    },
    async (request) => ({ data: await setSwitchStatus(ctx, request, request.params.x, request.body.status) }),
  );

  app.get(
    "/teleconsults/own",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's teleconsultations, newest first, paged",
        querystring: ZTeleconsultListQuery,
        response: { 200: ZTeleconsultListResponse },
      },
    },
    async (request) => ownList(ctx, request, request.query),
  );

  app.get(
    "/teleconsults/specialist/services",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "The health services a citizen books as a specialist teleconsultation (ref 2) at a slot through POST reservations, the care circle first, paged",
        querystring: ZTeleconsultServicesQuery,
        response: { 200: ZTeleconsultServicesResponse },
      },
    },
    async (request) => specialistServices(ctx, request, request.query),
  );

  app.get(
    "/teleconsults/company/:kind",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "The company's teleconsultations of a section (rapido, pediatrico, specialistico), newest first; open=true for the queue",
        params: z.object({ kind: z.string().max(32) }),
        querystring: ZTeleconsultListQuery,
        response: { 200: ZTeleconsultListResponse, ...errors },
      },
    },
    async (request) => companyList(ctx, request, request.params.kind, request.query),
  );

  app.get(
    "/teleconsults/admin",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Every teleconsultation, newest first, paged (administrators, read-only)",
        querystring: ZTeleconsultListQuery,
        response: { 200: ZTeleconsultListResponse },
      },
    },
    async (request) => adminList(ctx, request.query),
  );

  app.get(
    "/teleconsults/:hash",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "One teleconsultation (the preview): its citizen or an operator of its company",
        params: ZTeleconsultHashParams,
        response: { 200: ZTeleconsultResponse, ...errors },
      },
    },
    async (request) => ({ data: await one(ctx, request, request.params.hash) }),
  );
};

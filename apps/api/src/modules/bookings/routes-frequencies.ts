import {
  AGENDA_MESSAGES,
  ZFrequencyCreateBody,
  ZFrequencyEnableBody,
  ZFrequencyListResponse,
  ZFrequencyResponse,
  ZFrequencyUpdateBody,
  ZIdParams,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { OPERATOR, PARTIES } from "./access-rules.ts";
import * as frequencies from "./frequencies.ts";

const tags = ["bookings"];

/**
 * Recurring reservations (spec 001 §7 `reservations/frequencies`) and the job that books their
 * dates. Both parties use these calls; the services keep each to their own (404 otherwise).
 */
export const frequencyRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // Every 15 minutes: a recurrence's booking appears within a quarter of an hour of becoming due.
  ctx.jobs.define({
    name: frequencies.RECALL_JOB,
    cron: "*/15 * * * *",
    run: async () => {
      await frequencies.createDueBookings(ctx);
    },
  });

  app.post(
    "/reservations/frequencies",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary:
          "Create a recurring reservation: an operator for a patient (user) at the company's service, a citizen for themself",
        body: ZFrequencyCreateBody,
        response: { 201: ZFrequencyResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await frequencies.createFrequency(ctx, request, request.body),
        message: AGENDA_MESSAGES.frequencyCreated,
      }),
  );

  app.get(
    "/reservations/frequencies/users/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "A user's recurring reservations: one's own (citizen), or a patient's at one's company (operator)",
        params: ZIdParams,
        response: { 200: ZFrequencyListResponse },
      },
    },
    async (request) => ({ data: await frequencies.listForUser(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    "/companies/own/reservations/frequencies",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The recurring reservations (recall) of the operator's company",
        response: { 200: ZFrequencyListResponse },
      },
    },
    async (request) => ({ data: await frequencies.listForCompany(ctx, principalOf(request)) }),
  );

  app.patch(
    "/reservations/frequencies/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Enable or suspend a recurring reservation",
        params: ZIdParams,
        body: ZFrequencyEnableBody,
        response: { 200: ZFrequencyResponse },
      },
    },
    async (request) => ({
      data: await frequencies.setEnabled(ctx, principalOf(request), request.params.id, request.body.enabled),
      message: AGENDA_MESSAGES.frequencyUpdated,
    }),
  );

  app.put(
    "/reservations/frequencies/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Edit a recurring reservation (service, interval, next date, time, end, notes)",
        params: ZIdParams,
        body: ZFrequencyUpdateBody,
        response: { 200: ZFrequencyResponse },
      },
    },
    async (request) => ({
      data: await frequencies.updateFrequency(ctx, principalOf(request), request.params.id, request.body),
      message: AGENDA_MESSAGES.frequencyUpdated,
    }),
  );

  app.delete(
    "/reservations/frequencies/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Delete a recurring reservation (the bookings it made stay)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await frequencies.deleteFrequency(ctx, principalOf(request), request.params.id);
      return { message: AGENDA_MESSAGES.frequencyDeleted };
    },
  );
};

import {
  NOTIFICATION_MESSAGES,
  ZBookingMessageBody,
  ZBookingMessageListResponse,
  ZBookingMessageResponse,
  ZBookingMessagesReadResponse,
  ZIdParams,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { PARTIES } from "./access-rules.ts";
import { listMessages, markMessagesRead, postMessage } from "./messages.ts";

const tags = ["bookings"];

/** Messages on a booking (spec 001 §7 Citizen reservations: `reservations/message/{id}` POST, GET, PATCH). */
export const bookingMessagesRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/reservations/message/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Write a message on a booking to the other party (the citizen or the company), who is notified",
        params: ZIdParams,
        body: ZBookingMessageBody,
        response: { 201: ZBookingMessageResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await postMessage(ctx, request, request.params.id, request.body.body),
        message: NOTIFICATION_MESSAGES.messageSent,
      }),
  );

  app.get(
    "/reservations/message/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "The messages of a booking, oldest first, for the citizen who booked or the company's operators",
        params: ZIdParams,
        response: { 200: ZBookingMessageListResponse },
      },
    },
    async (request) => ({ data: await listMessages(ctx, request, request.params.id) }),
  );

  app.patch(
    "/reservations/message/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Mark the other party's messages on a booking as read",
        params: ZIdParams,
        response: { 200: ZBookingMessagesReadResponse },
      },
    },
    async (request) => ({ data: await markMessagesRead(ctx, request, request.params.id) }),
  );
};

import {
  BOT_MESSAGES,
  badRequest,
  notFound,
  unauthenticated,
  ZBotAccessListResponse,
  ZBotAccessQuery,
  ZBotAccessResponse,
  ZBotDeleteResponse,
  ZBotIdParams,
  ZBotLinkBody,
  ZBotLinkResponse,
  ZBotStatusBody,
  ZBotWebhookResponse,
  ZTelegramUpdate,
  ZWhatsappNotification,
  ZWhatsappVerifyQuery,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { CITIZEN } from "../access-rules.ts";
import { registerTelegramWebhook } from "./messengers.ts";
import * as service from "./service.ts";

const tags = ["notifications"];
const PUBLIC = { public: true } as const;
/** The platforms' notifications are small; a text message's is a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Bot access (spec 001 §3, §7 users/bots/...) and the messengers' webhooks (issue 12 "Bots"). */
export const botsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  const { telegram, whatsapp } = ctx.config.bots;
  if (telegram?.mode === "live") {
    // Telegram delivers to the webhook it was told of; told at each start, a failure only logged.
    app.addHook("onReady", async () => {
      registerTelegramWebhook(ctx.config.bots, ctx.config.publicUrl).catch((error) =>
        app.log.error({ err: error }, "Telegram setWebhook failed"),
      );
    });
  }

  app.get(
    "/users/bots/access",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's linked messenger chats, newest first (paged); meta.messengers: which can be linked",
        querystring: ZBotAccessQuery,
        response: { 200: ZBotAccessListResponse },
      },
    },
    async (request) => service.list(ctx, principalOf(request), request.query),
  );

  app.post(
    "/users/bots/link",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "A deep link to the bot with a single-use token valid 15 minutes (the previous one stops working)",
        body: ZBotLinkBody,
        response: { 201: ZBotLinkResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.link(ctx, principalOf(request), request.body.messenger) }),
  );

  app.post(
    "/users/bots/status/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Switch one of the citizen's own bot chats on or off (reminders stop while off)",
        params: ZBotIdParams,
        body: ZBotStatusBody,
        response: { 200: ZBotAccessResponse },
      },
    },
    async (request) => service.setStatus(ctx, principalOf(request), request.params.id, request.body.active),
  );

  app.delete(
    "/users/bots/delete/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Remove one of the citizen's own bot chats",
        params: ZBotIdParams,
        response: { 200: ZBotDeleteResponse },
      },
    },
    async (request) => service.remove(ctx, principalOf(request), request.params.id),
  );

  // Telegram: the secret given to setWebhook comes back in a header on every update.
  app.post(
    "/bots/telegram/webhook",
    {
      config: { access: PUBLIC },
      onRequest: async (request) => {
        if (!telegram) throw notFound(BOT_MESSAGES.unavailable);
        const header = request.headers["x-telegram-bot-api-secret-token"];
        if (!service.sameSecret(typeof header === "string" ? header : undefined, telegram.webhookSecret)) {
          throw unauthenticated("Firma non valida");
        }
      },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Telegram's webhook (X-Telegram-Bot-Api-Secret-Token checked, else 401): '/start <token>' links the chat; anything else is ignored with 200",
        body: ZTelegramUpdate,
        response: { 200: ZBotWebhookResponse },
      },
    },
    async (request) => ({ data: { handled: await service.telegramUpdate(ctx, request.body, request.log) } }),
  );

  // WhatsApp: Meta subscribes the webhook with a GET handshake, then signs every POST's raw body.
  app.get(
    "/bots/whatsapp/webhook",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "WhatsApp's subscription handshake: hub.challenge echoed when hub.verify_token matches, else 401",
        querystring: ZWhatsappVerifyQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      if (!whatsapp) throw notFound(BOT_MESSAGES.unavailable);
      const query = request.query;
      if (
        query["hub.mode"] !== "subscribe" ||
        !query["hub.challenge"] ||
        !service.sameSecret(query["hub.verify_token"], whatsapp.verifyToken)
      ) {
        throw unauthenticated("Token di verifica non valido");
      }
      return reply.type("text/plain; charset=utf-8").send(query["hub.challenge"]);
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    /** Requests whose body's signature was checked: a body that no JSON parsing saw was not. */
    const signed = new WeakSet<FastifyRequest>();
    // The signature covers the bytes as sent: this scope parses JSON itself, after checking them.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, body, done) => {
        if (!whatsapp) return done(notFound(BOT_MESSAGES.unavailable));
        const header = request.headers["x-hub-signature-256"];
        const raw = body as Buffer;
        if (!service.validWhatsappSignature(typeof header === "string" ? header : undefined, raw, whatsapp.appSecret)) {
          return done(unauthenticated("Firma non valida"));
        }
        signed.add(request);
        try {
          done(null, JSON.parse(raw.toString("utf8")));
        } catch {
          done(badRequest("JSON non valido"));
        }
      },
    );
    scope.post(
      "/bots/whatsapp/webhook",
      {
        config: { access: PUBLIC },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        preValidation: async (request) => {
          if (!whatsapp) throw notFound(BOT_MESSAGES.unavailable);
          // No body, or another content type: nothing was signed.
          if (!signed.has(request)) throw unauthenticated("Firma non valida");
        },
        schema: {
          tags,
          summary:
            "WhatsApp Cloud API's webhook (X-Hub-Signature-256 of the raw body checked, else 401): a message with a linking token links the number; anything else is ignored with 200",
          body: ZWhatsappNotification,
          response: { 200: ZBotWebhookResponse },
        },
      },
      async (request) => ({ data: { handled: await service.whatsappNotification(ctx, request.body, request.log) } }),
    );
  });
};

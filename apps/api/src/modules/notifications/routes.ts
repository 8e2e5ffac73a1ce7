import {
  REMINDER_MESSAGES,
  ZDevRemindersRunBody,
  ZDevRemindersRunResponse,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationPagedResponse,
  ZNotificationReadBody,
  ZNotificationReadResponse,
  ZPopupListQuery,
  ZPopupListResponse,
  ZPopupResponse,
  ZPushKeyResponse,
  ZReminderPreferences,
  ZReminderPreferencesResponse,
  ZReminderRespondBody,
  ZReminderRespondResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { createPushSender } from "../../platform/push/sender.ts";
import { resolveVapidKeys } from "../../platform/push/vapid.ts";
import { CITIZEN, SIGNED_IN } from "./access-rules.ts";
import { botsRoutes } from "./bots/routes.ts";
import { createEmailDispatcher, NOTIFICATION_EMAILS_JOB } from "./dispatcher.ts";
import { popupQuestionsRoutes } from "./popup-questions/routes.ts";
import * as reminders from "./reminders/service.ts";
import { REMINDERS_JOB, runReminders } from "./reminders/service.ts";
import * as service from "./service.ts";

const tags = ["notifications"];

/** The notification centre (spec 001 §2 screen 22) and popup notifications (§7 Citizen shell helpers). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // E-mails of notifications leave after their transactions commit, from here: kicked after each
  // change, and every minute by the job runner for anything a kick missed.
  const pushSender = createPushSender({
    keys: resolveVapidKeys({
      publicKey: ctx.config.push.vapidPublicKey,
      privateKey: ctx.config.push.vapidPrivateKey,
      dataDir: ctx.config.dataDir,
      env: ctx.config.env,
    }),
    subject: ctx.config.push.vapidSubject,
    retryDelayMs: ctx.config.push.retryDelayMs,
    log: app.log,
  });
  const dispatcher = createEmailDispatcher(ctx, app.log, pushSender);
  ctx.jobs.define({ name: NOTIFICATION_EMAILS_JOB, cron: "* * * * *", run: () => dispatcher.drain() });
  app.addHook("onClose", () => dispatcher.stop());
  ctx.jobs.define({
    name: REMINDERS_JOB,
    cron: "*/5 * * * *",
    run: async () => void (await runReminders(ctx, pushSender, new Date(), app.log)),
  });

  // Popup questions (spec 001 §7 Citizen shell helpers) and their administration: a folder of their own.
  await app.register(popupQuestionsRoutes, { ctx });
  // Bot access and the messengers' webhooks (spec 001 §3 Bot access; issue 12 "Bots").
  await app.register(botsRoutes, { ctx });

  app.get(
    "/users/own/reminders",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's reminder preferences: channels, lead times, kinds (defaults without a choice)",
        response: { 200: ZReminderPreferencesResponse },
      },
    },
    async (request) => ({ data: await reminders.preferences(ctx, principalOf(request)) }),
  );

  app.put(
    "/users/own/reminders",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Save the citizen's reminder preferences",
        body: ZReminderPreferences,
        response: { 200: ZReminderPreferencesResponse },
      },
    },
    async (request) => ({
      message: REMINDER_MESSAGES.saved,
      data: await reminders.savePreferences(ctx, principalOf(request), request.body),
    }),
  );

  if (ctx.config.devTools) {
    // Development and journeys only: the reminders job on a given clock ("T−24 h" without waiting a day).
    app.post(
      "/dev/reminders/run",
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: "Development only: run the reminders job as if it were `now`",
          body: ZDevRemindersRunBody,
          response: { 200: ZDevRemindersRunResponse },
        },
      },
      async (request) => ({ data: { sent: await runReminders(ctx, pushSender, new Date(request.body.now), app.log) } }),
    );
  }

  app.post(
    "/reminders/respond",
    {
      // The signed single-use link is the credential: it arrives by SMS or e-mail, maybe signed out.
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "Answer a reminder through its signed link: confirm, or cancel the booking (reason 2)",
        body: ZReminderRespondBody,
        response: { 200: ZReminderRespondResponse },
      },
    },
    async (request) => reminders.respond(ctx, request, request.body.token),
  );

  app.get(
    "/push/key",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "The VAPID public key browsers subscribe with (null: push not configured)",
        response: { 200: ZPushKeyResponse },
      },
    },
    async () => ({ data: { public_key: pushSender.publicKey } }),
  );

  app.get(
    "/notifications",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first (paged; meta.unread counts the unread ones)",
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationPagedResponse },
      },
    },
    async (request) => service.list(ctx, principalOf(request), request.query),
  );

  app.post(
    "/notifications/read",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Mark the listed notifications (ids) or all of them (all: true) as read",
        body: ZNotificationReadBody,
        response: { 200: ZNotificationReadResponse },
      },
    },
    async (request) => ({ data: await service.markRead(ctx, principalOf(request), request.body) }),
  );

  app.get(
    "/popupnotifications",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The signed-in user's popup notifications, oldest first (unseen=true: only those still to show)",
        querystring: ZPopupListQuery,
        response: { 200: ZPopupListResponse },
      },
    },
    async (request) => ({ data: await service.popups(ctx, principalOf(request), request.query.unseen === true) }),
  );

  app.patch(
    "/popupnotifications/:id/seen",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Mark one of one's popup notifications as seen (closed, or its action pressed)",
        params: ZNotificationIdParams,
        response: { 200: ZPopupResponse },
      },
    },
    async (request) => ({ data: await service.popupSeen(ctx, principalOf(request), request.params.id) }),
  );
};

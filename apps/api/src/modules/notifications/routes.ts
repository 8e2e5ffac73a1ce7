import {
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationPagedResponse,
  ZNotificationReadBody,
  ZNotificationReadResponse,
  ZPopupListQuery,
  ZPopupListResponse,
  ZPopupResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { SIGNED_IN } from "./access-rules.ts";
import { createEmailDispatcher, NOTIFICATION_EMAILS_JOB } from "./dispatcher.ts";
import * as service from "./service.ts";

const tags = ["notifications"];

/** The notification centre (spec 001 §2 screen 22) and popup notifications (§7 Citizen shell helpers). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // E-mails of notifications leave after their transactions commit, from here: kicked after each
  // change, and every minute by the job runner for anything a kick missed.
  const dispatcher = createEmailDispatcher(ctx, app.log);
  ctx.jobs.define({ name: NOTIFICATION_EMAILS_JOB, cron: "* * * * *", run: () => dispatcher.drain() });
  app.addHook("onClose", () => dispatcher.stop());

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

import {
  LIMITS,
  type NotificationAudience,
  notFound,
  type PopupVariant,
  REALTIME_EVENTS,
  type TNotification,
  type TNotificationListQuery,
  type TNotificationReadBody,
  type TPopupNotification,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { publish, userRoom } from "../../platform/realtime/index.ts";
import { kickDispatchers } from "./dispatcher.ts";
import { bookingLink } from "./links.ts";
import * as repository from "./repository.ts";

/**
 * The notification centre and popup notifications. Every call acts on the signed-in user's own
 * notifications only: someone else's is a 404, never a 403, so nothing tells it exists.
 */

function present(ctx: ModuleContext, row: repository.NotificationRow): TNotification {
  return {
    hashid: ctx.ids.encode(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: bookingLink(ctx.ids, row.audience, row.bookingId),
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function presentPopup(ctx: ModuleContext, row: repository.NotificationRow): TPopupNotification {
  return {
    hashid: ctx.ids.encode(row.id),
    title: row.title,
    body: row.body,
    action: row.popupAction,
    variant: row.popupVariant,
    seen: row.seenAt !== null,
  };
}

/** `GET notifications`: the user's notifications, newest first, with the unread count. */
export async function list(ctx: ModuleContext, principal: Principal, query: TNotificationListQuery) {
  const perPage = Math.min(query.per_page, LIMITS.pageSizeMax);
  const { rows, total, unread } = await repository.listForUser(ctx.db, principal.userId, {
    unreadOnly: query.unread === true,
    limit: perPage,
    offset: (query.page - 1) * perPage,
  });
  return {
    data: rows.map((row) => present(ctx, row)),
    meta: { page: query.page, per_page: perPage, total, unread },
  };
}

/**
 * `POST notifications/read`: the listed notifications (ids that are not the user's are ignored,
 * as if already read), or all of them.
 */
export async function markRead(ctx: ModuleContext, principal: Principal, body: TNotificationReadBody) {
  const ids =
    body.all === true
      ? null
      : (body.ids ?? []).map((hashid) => ctx.ids.decode(hashid)).filter((id): id is number => id !== null);
  const updated = ids?.length === 0 ? 0 : await repository.markRead(ctx.db, principal.userId, ids);
  return { updated, unread: await repository.countUnread(ctx.db, principal.userId) };
}

/** `GET popupnotifications`: the user's popups, oldest first; `unseen=true` for those still to show. */
export async function popups(ctx: ModuleContext, principal: Principal, unseenOnly: boolean) {
  const rows = await repository.listPopups(ctx.db, principal.userId, unseenOnly);
  return rows.map((row) => presentPopup(ctx, row));
}

/** `PATCH popupnotifications/{id}/seen`: closing the modal or pressing its action. */
export async function popupSeen(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.markPopupSeen(ctx.db, principal.userId, id);
  if (!row) throw notFound();
  return presentPopup(ctx, row);
}

/**
 * For other modules: notifies one user in-app, optionally as a popup, optionally by e-mail too
 * (sent after `db`'s transaction commits). Teleconsultations, for one, announce themselves this way.
 * A popup is also pushed to the user's open tabs (docs/realtime.md), which fetch it at once instead
 * of at their next poll; with `db` a transaction, the push leaves when it commits.
 */
export async function notifyUser(
  db: Executor,
  input: {
    userId: number;
    audience: NotificationAudience;
    title: string;
    body: string;
    popup?: { action: string | null; variant: PopupVariant };
    email?: boolean;
    /**
     * Also a Web Push to the user's browsers. By default a popup is pushed too: a popup is what asks
     * for attention now (a teleconsultation taken in charge, moved or expired, a request waiting).
     */
    push?: boolean;
  },
): Promise<void> {
  const push = input.push ?? input.popup !== undefined;
  await repository.insertNotifications(db, [
    {
      userId: input.userId,
      audience: input.audience,
      kind: input.popup ? "popup" : "general",
      title: input.title,
      body: input.body,
      popup: input.popup !== undefined,
      popupAction: input.popup?.action ?? null,
      popupVariant: input.popup?.variant ?? "info",
      emailStatus: input.email ? "pending" : "none",
      pushStatus: push ? "pending" : "none",
    },
  ]);
  if (input.popup) await publish(db, userRoom(input.userId), REALTIME_EVENTS.popup);
  if (input.email || push) kickDispatchers();
}

/**
 * For the bookings module: someone who has read a booking's messages need not be told of them in
 * the notification centre any more.
 */
export async function readMessageNotifications(db: Executor, userId: number, bookingId: number): Promise<void> {
  await repository.markBookingActionRead(db, userId, bookingId, "message");
}

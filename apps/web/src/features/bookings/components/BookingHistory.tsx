import type { TBookingEvent } from "@cura/domain";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useBookingHistory } from "../api/booking-history.ts";
import { formatDateTime } from "../format.ts";

/** The actions the history names in words; any other (a newer one) reads as a generic update. */
const KNOWN_ACTIONS = [
  "created",
  "created_by_operator",
  "entered_past",
  "confirm",
  "propose",
  "refuse",
  "close",
  "accept",
  "reject",
  "request_new_date",
  "cancel",
  "notes",
  "message",
  "handled",
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

function actionLabel(event: TBookingEvent, t: TFunction): string {
  return isKnown(event.action) ? t(`bookingHistory.actions.${event.action}`) : t("bookingHistory.actions.other");
}

/**
 * Who acted: the citizen or an operator by name when the server gives it (it hides operators' names
 * from citizens), else by role; no actor is the platform itself (the job runner, an administrator).
 */
function actorLabel(event: TBookingEvent, t: TFunction): string {
  if (event.actor === null) return t("bookingHistory.actor.system");
  return event.actor_name ?? t(`bookingHistory.actor.${event.actor}`);
}

function reasonOf(event: TBookingEvent, t: TFunction): string | null {
  if (event.reason === null) return null;
  if (event.action === "refuse" && event.reason >= 1 && event.reason <= 4)
    return t(`bookings.refusalReasons.${String(event.reason) as "1" | "2" | "3" | "4"}`);
  if (event.action === "cancel" && event.reason >= 1 && event.reason <= 2)
    return t(`bookings.cancellationReasons.${String(event.reason) as "1" | "2"}`);
  return null;
}

function HistoryItem({ event }: { event: TBookingEvent }) {
  const { t } = useTranslation();
  const reason = reasonOf(event, t);
  const status =
    event.from_status === null
      ? t("bookingHistory.statusSet", { to: t(`bookings.status.${event.to_status}`) })
      : event.from_status !== event.to_status
        ? t("bookingHistory.statusChange", {
            from: t(`bookings.status.${event.from_status}`),
            to: t(`bookings.status.${event.to_status}`),
          })
        : null;
  return (
    <li
      className="border-start border-3 border-primary ps-3 pb-3 position-relative"
      data-testid="booking-history-event"
    >
      <p className="fw-semibold mb-1">{actionLabel(event, t)}</p>
      {status ? <p className="mb-1">{status}</p> : null}
      {reason ? <p className="small mb-1">{t("bookingHistory.reason", { reason })}</p> : null}
      {event.start ? (
        <p className="small mb-1">{t("bookingHistory.when", { when: formatDateTime(event.start) })}</p>
      ) : null}
      <p className="small text-secondary mb-0">
        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
        {" · "}
        {t("bookingHistory.by", { who: actorLabel(event, t) })}
      </p>
    </li>
  );
}

/**
 * A booking's history as a timeline, oldest first: what happened, the status it led to, who did it
 * and when. For the citizen's detail page; the operator's page may mount it too (same route).
 */
export function BookingHistory({ bookingHashid }: { bookingHashid: string }) {
  const { t } = useTranslation();
  const history = useBookingHistory(bookingHashid);
  const titleId = `booking-history-title-${bookingHashid}`;
  return (
    <section aria-labelledby={titleId} className="mb-4">
      <h2 id={titleId} className="h4">
        {t("bookingHistory.title")}
      </h2>
      {history.isPending ? <p role="status">{t("bookingHistory.loading")}</p> : null}
      {history.isError ? <FormMessage kind="error">{history.error.message}</FormMessage> : null}
      {history.isSuccess && history.data.length === 0 ? <p>{t("bookingHistory.empty")}</p> : null}
      {history.isSuccess && history.data.length > 0 ? (
        <ol className="list-unstyled mb-0" aria-labelledby={titleId}>
          {history.data.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end (oldest first), and events carry no id
            <HistoryItem key={`${index}-${event.created_at}-${event.action}`} event={event} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

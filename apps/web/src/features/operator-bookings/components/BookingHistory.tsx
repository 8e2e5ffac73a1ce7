import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useBookingHistory } from "../api/booking.ts";
import { shortDateTime } from "../format.ts";

const KNOWN_ACTIONS = [
  "created",
  "confirm",
  "propose",
  "refuse",
  "close",
  "accept",
  "reject",
  "request_new_date",
  "cancel",
  "notes",
  "handled",
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

/** The booking's history, oldest first: what happened, who did it, when. */
export function BookingHistory({ hashid }: { hashid: string }) {
  const { t } = useTranslation();
  const history = useBookingHistory(hashid);
  if (history.isPending) return <p role="status">{t("common.loading")}</p>;
  if (history.isError) return <FormMessage kind="error">{history.error.message}</FormMessage>;
  return (
    <ol className="list-unstyled mb-0" aria-label={t("operatorBookings.detail.history")}>
      {history.data.map((event) => (
        <li key={`${event.created_at}-${event.action}-${event.to_status}`} className="border-start border-3 ps-3 pb-3">
          <span className="fw-semibold">
            {isKnown(event.action) ? t(`operatorBookings.history.${event.action}`) : event.action}
          </span>
          {event.from_status !== event.to_status ? <span> → {t(`bookings.status.${event.to_status}`)}</span> : null}
          {event.reason && event.action === "refuse" ? (
            <span className="d-block small">
              {t(`bookings.refusalReasons.${String(event.reason) as "1" | "2" | "3" | "4"}`)}
            </span>
          ) : null}
          {event.reason && event.action === "cancel" ? (
            <span className="d-block small">
              {t(`bookings.cancellationReasons.${String(event.reason) as "1" | "2"}`)}
            </span>
          ) : null}
          {event.start ? (
            <span className="d-block small">
              {t("operatorBookings.history.newStart", { when: shortDateTime(event.start) })}
            </span>
          ) : null}
          <span className="d-block small text-secondary">
            {shortDateTime(event.created_at)}
            {event.actor_name
              ? ` · ${event.actor_name}`
              : event.actor
                ? ` · ${t(`operatorBookings.history.actor.${event.actor}`)}`
                : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}

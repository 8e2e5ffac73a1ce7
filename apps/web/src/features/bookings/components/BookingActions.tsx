import { bookingActionsAt, type TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { citizenPreviewPath } from "../../teleconsult/paths.ts";
import { useAcceptProposal, useCancelBooking, useRejectProposal, useRequestNewDate } from "../api/booking-actions.ts";
import { formatAppointment } from "../format.ts";
import { CancelBookingModal } from "./CancelBookingModal.tsx";
import { NewDateModal } from "./NewDateModal.tsx";

type Open = "reject" | "cancel" | "newDate" | null;

/**
 * What the citizen can do with the booking now (spec 001 §4 "Citizen actions on a booking"): only
 * the actions the shared state machine allows from this status, so the page and the server agree.
 * Answering a proposal: accept it, reject it, or ask another date; after a confirmation: cancel
 * with a reason, or ask another date.
 */
export function BookingActions({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [open, setOpen] = useState<Open>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const accept = useAcceptProposal(booking.hashid);
  const reject = useRejectProposal(booking.hashid);
  const cancel = useCancelBooking(booking.hashid);
  const newDate = useRequestNewDate(booking.hashid);
  // A teleconsultation is withdrawn from its own page, which knows whether its call has connected
  // (a taken quick request's start is when it was taken: this page's time rule would hide it).
  const isTeleconsult = booking.kind === "teleconsulto";
  const actions = bookingActionsAt(booking.status, "citizen", booking.start).filter(
    (action) => !(isTeleconsult && action === "cancel"),
  );
  // A product order has no service slots to choose from.
  const canAskNewDate = actions.includes("request_new_date") && booking.health_service !== null;
  const messageOf = (error: unknown) => (isApiError(error) ? error.message : t("errors.unexpected"));
  const show = (which: Open) => {
    setModalError(null);
    setOpen(which);
  };
  const done = (key: "accepted" | "rejected" | "cancelled" | "newDateRequested") => ({
    onSuccess: () => {
      setOpen(null);
      alerts.success(t(`bookings.done.${key}`));
    },
    onError: (error: unknown) => setModalError(messageOf(error)),
  });

  const teleconsultLink = isTeleconsult ? (
    <p className="mt-2 mb-0">
      <Link to={citizenPreviewPath(booking.hashid)}>{t("bookings.actions.openTeleconsult")}</Link>
    </p>
  ) : null;
  if (actions.length === 0)
    return teleconsultLink ? (
      <section aria-label={t("bookings.actions.title")} className="mb-4">
        {teleconsultLink}
      </section>
    ) : null;
  const answering = actions.includes("accept") || actions.includes("reject");

  return (
    <section aria-labelledby="booking-actions-title" className="mb-4">
      <h2 id="booking-actions-title" className="h4">
        {answering ? t("bookings.proposal.title") : t("bookings.actions.title")}
      </h2>
      {answering ? (
        <div className="alert alert-warning" data-testid="booking-proposal">
          {booking.proposed_start ? (
            <p className="mb-1">
              {t("bookings.proposal.text", {
                when: formatAppointment(booking.proposed_start, booking.proposed_end),
              })}
            </p>
          ) : (
            <p className="mb-1">{t("bookings.proposal.textNoDate")}</p>
          )}
          <p className="mb-0 small">{t("bookings.proposal.hint")}</p>
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {actions.includes("accept") ? (
          <Button
            type="button"
            color="success"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () => alerts.success(t("bookings.done.accepted")),
                onError: (error) => alerts.error(messageOf(error)),
              })
            }
          >
            {t("bookings.actions.accept")}
          </Button>
        ) : null}
        {actions.includes("reject") ? (
          <Button type="button" color="danger" outline onClick={() => show("reject")}>
            {t("bookings.actions.reject")}
          </Button>
        ) : null}
        {canAskNewDate ? (
          <Button type="button" color="primary" outline onClick={() => show("newDate")}>
            {t("bookings.actions.requestNewDate")}
          </Button>
        ) : null}
        {actions.includes("cancel") ? (
          <Button type="button" color="danger" outline onClick={() => show("cancel")}>
            {t("bookings.actions.cancel")}
          </Button>
        ) : null}
      </div>
      {teleconsultLink}

      <ConfirmModal
        isOpen={open === "reject"}
        title={t("bookings.reject.title")}
        confirmLabel={t("bookings.actions.reject")}
        cancelLabel={t("bookings.reject.keep")}
        busy={reject.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => reject.mutate(undefined, done("rejected"))}
      >
        <p>{t("bookings.reject.body")}</p>
        {modalError ? (
          <div className="alert alert-danger" role="alert">
            {modalError}
          </div>
        ) : null}
      </ConfirmModal>
      <CancelBookingModal
        isOpen={open === "cancel"}
        busy={cancel.isPending}
        error={modalError}
        onClose={() => setOpen(null)}
        onConfirm={(reason) => cancel.mutate(reason, done("cancelled"))}
      />
      {booking.health_service ? (
        <NewDateModal
          isOpen={open === "newDate"}
          service={booking.health_service.hashid}
          busy={newDate.isPending}
          error={modalError}
          onClose={() => setOpen(null)}
          onConfirm={(start) => newDate.mutate(start, done("newDateRequested"))}
        />
      ) : null}
    </section>
  );
}

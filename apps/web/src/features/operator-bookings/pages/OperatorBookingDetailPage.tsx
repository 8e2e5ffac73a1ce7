import { type AwaitingKind, operatorBookingActions, type TBookingEvent } from "@cura/domain";
import { bookingMessagesClosed } from "@cura/domain/booking-states";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { BookingMessages } from "../../booking-messages/components/BookingMessages.tsx";
import { BookingStatusBadge } from "../../bookings/components/BookingStatusBadge.tsx";
import { OperatorReservationDocuments } from "../../documents/components/OperatorReservationDocuments.tsx";
import {
  operatorActions,
  useBookingHistory,
  useOperatorAction,
  useOperatorBooking,
  useRequestCode,
} from "../api/booking.ts";
import { BookingHistory } from "../components/BookingHistory.tsx";
import { OperatorNotes } from "../components/OperatorNotes.tsx";
import { ProposeDateModal } from "../components/ProposeDateModal.tsx";
import { RefuseReasonModal } from "../components/RefuseReasonModal.tsx";
import { shortDateTime } from "../format.ts";

const STATUS_ACTIONS = new Set([
  "created",
  "confirm",
  "propose",
  "refuse",
  "close",
  "no_show",
  "accept",
  "reject",
  "request_new_date",
  "cancel",
]);

/** The latest status change (and the latest including taking charge), as the API's worklist reads them. */
function latest(history: readonly TBookingEvent[] | undefined) {
  const changes = (history ?? []).filter((e) => STATUS_ACTIONS.has(e.action));
  const withHandled = (history ?? []).filter((e) => STATUS_ACTIONS.has(e.action) || e.action === "handled");
  return { change: changes.at(-1)?.action ?? null, any: withHandled.at(-1)?.action ?? null };
}

type Dialog = "confirm" | "close" | "noShow" | "refuse" | "propose" | "confirmCR" | "rejectCR" | null;

/**
 * /operatore/prenotazioni/dettaglio/:hashid: one booking of the company with what the operator may
 * do now (the state machine's operator actions; a change request is answered with confirmCR or
 * rejectCR), the operator's notes, the history and the messages.
 */
export default function OperatorBookingDetailPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  const alerts = useAlerts();
  const booking = useOperatorBooking(hashid);
  const history = useBookingHistory(hashid);
  const code = useRequestCode(hashid);
  const [dialog, setDialog] = useState<Dialog>(null);
  const action = useOperatorAction(async (run: () => Promise<unknown>) => run());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // An action usually removes the button that opened its dialog: the dialog then returns the focus
  // to nothing and keyboard users land on the page's top. Once it has gone, the heading takes it.
  const refocus = () =>
    window.setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) headingRef.current?.focus();
    }, 0);

  if (booking.isPending) return <PageLoader />;
  if (booking.isError) {
    return (
      <div>
        <h1 className="mb-4">{t("operatorBookings.detail.title")}</h1>
        <FormMessage kind="error">
          {isApiError(booking.error) && booking.error.status === 404
            ? t("operatorBookings.detail.notFound")
            : booking.error.message}
        </FormMessage>
        <Link to="/operatore/prenotazioni/prenotazioni">{t("operatorBookings.detail.backToList")}</Link>
      </div>
    );
  }

  const b = booking.data;
  const last = latest(history.data);
  const changeRequest = b.status === "ricevuto" && last.change === "request_new_date";
  const unacknowledged = b.status === "annullato" && (last.any === "cancel" || last.any === "reject");
  // What awaits the company, read from the history as the API's worklist records it.
  const awaiting: AwaitingKind | null = changeRequest
    ? "change_request"
    : unacknowledged
      ? last.any === "cancel"
        ? "cancelled"
        : "proposal_rejected"
      : b.status === "ricevuto"
        ? "new"
        : null;
  // The same rules the API checks: a button for each action allowed now, and for nothing else.
  const allowed = operatorBookingActions({
    kind: b.kind,
    status: b.status,
    start: b.start,
    awaiting,
    hasHealthService: b.health_service !== null,
  });
  const closeLater = b.status === "confermato" && !allowed.includes("close");
  const notesEditable = b.start === null || Date.parse(b.start) > Date.now();
  const errorText = action.error ? (isApiError(action.error) ? action.error.message : t("errors.unexpected")) : null;

  const run = (call: () => Promise<unknown>, message: string) => {
    action.mutate(call, {
      onSuccess: () => {
        setDialog(null);
        alerts.success(message);
      },
    });
  };
  const open = (next: Dialog) => {
    action.reset();
    setDialog(next);
  };

  return (
    <div>
      <Link to="/operatore/prenotazioni/prenotazioni" className="d-inline-block mb-3">
        {t("operatorBookings.detail.backToList")}
      </Link>
      <h1 ref={headingRef} tabIndex={-1} className="mb-2">
        {b.health_service?.name ?? t("operatorBookings.table.productOrder")}
      </h1>
      <p className="lead d-flex flex-wrap gap-2 align-items-center">
        <BookingStatusBadge status={b.status} />
        {code.data ? (
          <span>
            {t("operatorBookings.detail.code")}: <strong>{code.data.code}</strong>
          </span>
        ) : null}
      </p>
      {changeRequest ? <FormMessage kind="warning">{t("operatorBookings.detail.changeRequest")}</FormMessage> : null}
      {unacknowledged ? (
        <FormMessage kind="warning">
          {t(last.any === "cancel" ? "operatorBookings.detail.cancelled" : "operatorBookings.detail.proposalRejected")}
        </FormMessage>
      ) : null}

      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <dl className="row">
            <dt className="col-sm-4">{t("operatorBookings.table.citizen")}</dt>
            <dd className="col-sm-8">
              {b.citizen.name} {b.citizen.surname}
              {b.family_member ? (
                <span className="d-block small">
                  {t("operatorBookings.table.forMember", {
                    name: `${b.family_member.name} ${b.family_member.surname}`,
                  })}
                </span>
              ) : null}
            </dd>
            <dt className="col-sm-4">{t("operatorBookings.table.when")}</dt>
            <dd className="col-sm-8">{b.start ? shortDateTime(b.start) : t("operatorBookings.table.noTime")}</dd>
            {b.proposed_start ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.proposed")}</dt>
                <dd className="col-sm-8">{shortDateTime(b.proposed_start)}</dd>
              </>
            ) : null}
            {b.preferences?.length ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.preferences")}</dt>
                <dd className="col-sm-8">
                  <ul className="mb-0">
                    {b.preferences.map((p) => (
                      <li key={`${p.date}-${p.slot}`}>
                        {p.date} · {t(`operatorBookings.slots.${p.slot}`)}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {b.products?.length ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.products")}</dt>
                <dd className="col-sm-8">
                  <ul className="mb-0">
                    {b.products.map((p) => (
                      <li key={p.code}>
                        {p.name} × {p.quantity}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {b.nre || b.rev ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.prescription")}</dt>
                <dd className="col-sm-8">{b.nre ?? b.rev}</dd>
              </>
            ) : null}
            <dt className="col-sm-4">{t("operatorBookings.detail.citizenNotes")}</dt>
            <dd className="col-sm-8">{b.notes || t("operatorBookings.notes.none")}</dd>
            {b.refusal_reason ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.refusalReason")}</dt>
                <dd className="col-sm-8">
                  {t(`bookings.refusalReasons.${String(b.refusal_reason) as "1" | "2" | "3" | "4"}`)}
                </dd>
              </>
            ) : null}
            {b.cancellation_reason ? (
              <>
                <dt className="col-sm-4">{t("operatorBookings.detail.cancellationReason")}</dt>
                <dd className="col-sm-8">
                  {t(`bookings.cancellationReasons.${String(b.cancellation_reason) as "1" | "2"}`)}
                </dd>
              </>
            ) : null}
          </dl>

          <h2 className="h4">{t("operatorBookings.detail.actions")}</h2>
          {allowed.length === 0 ? <p data-testid="no-actions">{t("operatorBookings.detail.noActions")}</p> : null}
          <div className="d-flex flex-wrap gap-2 mb-4" data-testid="booking-actions">
            {allowed.includes("confirm_change") ? (
              <button type="button" className="btn btn-primary" onClick={() => open("confirmCR")}>
                {t("operatorBookings.actions.confirmCR")}
              </button>
            ) : null}
            {allowed.includes("confirm") ? (
              <button type="button" className="btn btn-primary" onClick={() => open("confirm")}>
                {t("operatorBookings.actions.confirm")}
              </button>
            ) : null}
            {allowed.includes("propose") ? (
              <button type="button" className="btn btn-outline-primary" onClick={() => open("propose")}>
                {t("operatorBookings.actions.propose")}
              </button>
            ) : null}
            {allowed.includes("reject_change") ? (
              <button type="button" className="btn btn-outline-danger" onClick={() => open("rejectCR")}>
                {t("operatorBookings.actions.rejectCR")}
              </button>
            ) : null}
            {allowed.includes("refuse") ? (
              <button type="button" className="btn btn-outline-danger" onClick={() => open("refuse")}>
                {t("operatorBookings.actions.refuse")}
              </button>
            ) : null}
            {allowed.includes("close") ? (
              <button type="button" className="btn btn-success" onClick={() => open("close")}>
                {t("operatorBookings.actions.close")}
              </button>
            ) : null}
            {allowed.includes("no_show") ? (
              <button type="button" className="btn btn-outline-warning" onClick={() => open("noShow")}>
                {t("operatorBookings.actions.noShow")}
              </button>
            ) : null}
            {allowed.includes("take_charge") || allowed.includes("acknowledge") ? (
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={action.isPending}
                onClick={() => run(() => operatorActions.takeCharge(hashid), t("operatorBookings.actions.handledDone"))}
              >
                {allowed.includes("acknowledge")
                  ? t("operatorBookings.actions.acknowledge")
                  : t("operatorBookings.actions.handled")}
              </button>
            ) : null}
          </div>
          {closeLater ? <p className="small">{t("operatorBookings.detail.closeFrom")}</p> : null}
          {dialog === null && errorText ? <FormMessage kind="error">{errorText}</FormMessage> : null}

          <OperatorNotes key={b.updated_at} hashid={hashid} notes={b.operator_notes} editable={notesEditable} />

          <div className="mt-5">
            {/* A teleconsultation's messages are read-only once its call is over (bookingMessagesClosed). */}
            <BookingMessages
              bookingHashid={hashid}
              closedNote={bookingMessagesClosed(b) ? t("bookingMessages.teleconsultEnded") : undefined}
            />
          </div>
          <OperatorReservationDocuments reservation={hashid} />
        </div>
        <div className="col-12 col-lg-5">
          <h2 className="h4">{t("operatorBookings.detail.history")}</h2>
          <BookingHistory hashid={hashid} />
        </div>
      </div>

      <ConfirmModal
        isOpen={dialog === "confirm" || dialog === "confirmCR" || dialog === "close" || dialog === "noShow"}
        title={t(
          dialog === "close"
            ? "operatorBookings.actions.closeTitle"
            : dialog === "noShow"
              ? "operatorBookings.actions.noShowTitle"
              : dialog === "confirmCR"
                ? "operatorBookings.actions.confirmCRTitle"
                : "operatorBookings.actions.confirmTitle",
        )}
        confirmLabel={t("common.yes")}
        cancelLabel={t("common.no")}
        busy={action.isPending}
        onCancel={() => setDialog(null)}
        onClosed={refocus}
        onConfirm={() =>
          run(
            dialog === "close"
              ? () => operatorActions.close(hashid)
              : dialog === "noShow"
                ? () => operatorActions.noShow(hashid)
                : dialog === "confirmCR"
                  ? () => operatorActions.confirmChangeRequest(hashid)
                  : () => operatorActions.confirm(hashid),
            t("operatorBookings.actions.done"),
          )
        }
      >
        {errorText ? <FormMessage kind="error">{errorText}</FormMessage> : null}
      </ConfirmModal>
      <RefuseReasonModal
        isOpen={dialog === "refuse" || dialog === "rejectCR"}
        title={t(dialog === "rejectCR" ? "operatorBookings.actions.rejectCR" : "operatorBookings.actions.refuse")}
        confirmLabel={t("operatorBookings.refuse.confirm")}
        busy={action.isPending}
        error={errorText}
        onClose={() => setDialog(null)}
        onClosed={refocus}
        onConfirm={(reason) =>
          run(
            dialog === "rejectCR"
              ? () => operatorActions.rejectChangeRequest(hashid, reason)
              : () => operatorActions.refuse(hashid, reason),
            t("operatorBookings.actions.done"),
          )
        }
      />
      <ProposeDateModal
        isOpen={dialog === "propose"}
        service={b.health_service?.hashid ?? null}
        busy={action.isPending}
        error={errorText}
        onClose={() => setDialog(null)}
        onClosed={refocus}
        onConfirm={(start) => run(() => operatorActions.propose(hashid, start), t("operatorBookings.actions.done"))}
      />
    </div>
  );
}

import type { TOperatorBooking } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { bookingTitle } from "../../bookings/components/booking-text.ts";
import { operatorActions, useOperatorAction } from "../api/booking.ts";
import { useWorklist } from "../api/worklist.ts";
import { AwaitingBadge } from "../components/AwaitingBadge.tsx";
import { RefuseReasonModal } from "../components/RefuseReasonModal.tsx";
import { DETAIL_BASE, shortDateTime } from "../format.ts";

const PER_PAGE = 20;

/**
 * /operatore/conferma-annullamento (spec 001 §2 "confirm or cancel"): what the citizens changed and
 * the operator has to answer or acknowledge, oldest first: change requests (a new date asked for:
 * confirm or refuse with a reason) and cancellations or rejected proposals (take note).
 */
export default function ChangeRequestsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<TOperatorBooking | null>(null);
  const list = useWorklist({ page, per_page: PER_PAGE, awaiting: "changes" });
  const action = useOperatorAction(async (run: () => Promise<unknown>) => run());
  const errorText = action.error ? (isApiError(action.error) ? action.error.message : t("errors.unexpected")) : null;
  const run = (call: () => Promise<unknown>) =>
    action.mutate(call, {
      onSuccess: () => {
        setRefusing(null);
        alerts.success(t("operatorBookings.actions.done"));
      },
    });
  const who = (b: TOperatorBooking) => `${b.citizen.name} ${b.citizen.surname}`.trim();

  return (
    <div>
      <h1 className="mb-2">{t("operatorBookings.changes.title")}</h1>
      <p className="lead mb-4">{t("operatorBookings.changes.intro")}</p>
      {refusing === null && errorText ? <FormMessage kind="error">{errorText}</FormMessage> : null}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message}</FormMessage>
      ) : list.data.data.length === 0 ? (
        <p>{t("operatorBookings.changes.empty")}</p>
      ) : (
        <>
          <ul className="list-unstyled">
            {list.data.data.map((b) => (
              <li key={b.hashid} className="card card-bg mb-3">
                <div className="card-body">
                  <h2 className="h5 card-title">
                    {bookingTitle(b, t)} · {who(b)}
                    <AwaitingBadge awaiting={b.awaiting} />
                  </h2>
                  <p className="mb-2">
                    {b.code} · {b.start ? shortDateTime(b.start) : t("operatorBookings.table.noTime")}
                  </p>
                  <div className="d-flex flex-wrap gap-2">
                    {b.awaiting === "change_request" ? (
                      <>
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          disabled={action.isPending}
                          onClick={() => run(() => operatorActions.confirmChangeRequest(b.hashid))}
                        >
                          {t("operatorBookings.actions.confirmCR")} <span className="visually-hidden">{b.code}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          disabled={action.isPending}
                          onClick={() => {
                            action.reset();
                            setRefusing(b);
                          }}
                        >
                          {t("operatorBookings.actions.rejectCR")} <span className="visually-hidden">{b.code}</span>
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline-primary btn-sm"
                        disabled={action.isPending}
                        onClick={() => run(() => operatorActions.takeCharge(b.hashid))}
                      >
                        {t("operatorBookings.actions.acknowledge")} <span className="visually-hidden">{b.code}</span>
                      </button>
                    )}
                    <Link to={`${DETAIL_BASE}/${b.hashid}`} className="btn btn-link btn-sm">
                      {t("operatorBookings.table.open")} <span className="visually-hidden">{b.code}</span>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} perPage={PER_PAGE} total={list.data.meta.total} onPage={setPage} />
        </>
      )}
      <RefuseReasonModal
        isOpen={refusing !== null}
        title={t("operatorBookings.actions.rejectCR")}
        confirmLabel={t("operatorBookings.refuse.confirm")}
        busy={action.isPending}
        error={errorText}
        onClose={() => setRefusing(null)}
        onConfirm={(reason) => refusing && run(() => operatorActions.rejectChangeRequest(refusing.hashid, reason))}
      />
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { BookingStatusBadge } from "../../bookings/components/BookingStatusBadge.tsx";
import { formatAppointment } from "../../bookings/format.ts";
import { DETAIL_BASE } from "../../operator-bookings/format.ts";
import { usePatientBookings } from "../api/patient-bookings.ts";

/**
 * The patient's bookings at the company (GET reservations/company/users/{x}), latest appointment
 * first, each leading to the operator's booking page (to confirm, close or write notes there).
 */
export function PatientBookings({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const bookings = usePatientBookings(hash);
  return (
    <section aria-labelledby="patient-bookings">
      <h2 id="patient-bookings" className="h4">
        {t("patients.bookings.title")}
      </h2>
      {bookings.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {bookings.isError ? <FormMessage kind="error">{bookings.error.message}</FormMessage> : null}
      {bookings.data?.length === 0 ? <p>{t("patients.bookings.empty")}</p> : null}
      {bookings.data && bookings.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">{t("patients.bookings.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("patients.bookings.when")}</th>
                <th scope="col">{t("patients.bookings.service")}</th>
                <th scope="col">{t("patients.bookings.status")}</th>
                <th scope="col">{t("patients.bookings.notes")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("patients.bookings.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.data.map((b) => {
                const when = b.start ? formatAppointment(b.start, b.end) : t("patients.bookings.noTime");
                const what = b.health_service?.name ?? t("patients.bookings.order");
                return (
                  <tr key={b.hashid} data-testid="patient-booking">
                    <td>{when}</td>
                    <td>{what}</td>
                    <td>
                      <BookingStatusBadge status={b.status} />
                    </td>
                    <td>{b.operator_notes ?? "—"}</td>
                    <td>
                      <Link to={`${DETAIL_BASE}/${b.hashid}`} className="text-nowrap">
                        {t("patients.bookings.open")}{" "}
                        <span className="visually-hidden">{t("patients.bookings.openOf", { what, when })}</span>
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

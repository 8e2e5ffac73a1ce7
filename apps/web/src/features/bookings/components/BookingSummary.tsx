import type { TBooking } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../format.ts";
import { bookingForWhom, bookingWhen, preferenceText } from "./booking-text.ts";

/** The booking's facts: what, where, for whom, when (or the preferences given), prescription codes. */
export function BookingSummary({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  return (
    <dl className="row" data-testid="booking-summary">
      <dt className="col-sm-4">{t("bookings.fields.kind")}</dt>
      <dd className="col-sm-8">{t(`bookings.kinds.${booking.kind}`)}</dd>
      {booking.health_service ? (
        <>
          <dt className="col-sm-4">{t("bookings.fields.service")}</dt>
          <dd className="col-sm-8">{booking.health_service.name}</dd>
        </>
      ) : null}
      {booking.products?.length ? (
        <>
          <dt className="col-sm-4">{t("bookings.fields.products")}</dt>
          <dd className="col-sm-8">
            <ul className="mb-0 ps-3">
              {booking.products.map((product) => (
                <li key={product.code}>{t("bookings.productLine", { name: product.name, count: product.quantity })}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      <dt className="col-sm-4">{t("bookings.fields.company")}</dt>
      <dd className="col-sm-8">{booking.company.name}</dd>
      <dt className="col-sm-4">{t("bookings.fields.forWhom")}</dt>
      <dd className="col-sm-8">{bookingForWhom(booking, t)}</dd>
      <dt className="col-sm-4">{t("bookings.fields.when")}</dt>
      <dd className="col-sm-8">
        {booking.start || !booking.preferences?.length ? (
          bookingWhen(booking, t)
        ) : (
          <>
            {t("bookings.preferencesGiven")}
            <ul className="mb-0 ps-3">
              {booking.preferences.map((p) => (
                <li key={`${p.date}-${p.slot}`}>{preferenceText(p, t)}</li>
              ))}
            </ul>
          </>
        )}
      </dd>
      {booking.nre ? (
        <>
          <dt className="col-sm-4">{t("bookings.fields.nre")}</dt>
          <dd className="col-sm-8">{booking.nre}</dd>
        </>
      ) : null}
      {booking.rev ? (
        <>
          <dt className="col-sm-4">{t("bookings.fields.rev")}</dt>
          <dd className="col-sm-8">{booking.rev}</dd>
        </>
      ) : null}
      <dt className="col-sm-4">{t("bookings.fields.createdAt")}</dt>
      <dd className="col-sm-8">{formatDateTime(booking.created_at)}</dd>
    </dl>
  );
}

import type { TOperatorBooking } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BookingStatusBadge } from "../../bookings/components/BookingStatusBadge.tsx";
import { bookingTitle } from "../../bookings/components/booking-text.ts";
import { DETAIL_BASE, shortDateTime } from "../format.ts";
import { AwaitingBadge } from "./AwaitingBadge.tsx";

/**
 * The operator's bookings as a table. With `selected`, each row has a checkbox (named after the
 * booking) and the header one selects or clears the whole page.
 */
export function BookingsTable({
  bookings,
  caption,
  selected,
  onSelectedChange,
}: {
  bookings: readonly TOperatorBooking[];
  caption: string;
  selected?: ReadonlySet<string>;
  onSelectedChange?: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const allOnPage = bookings.length > 0 && bookings.every((b) => selected?.has(b.hashid));
  const toggleAll = () => {
    const next = new Set(selected);
    for (const b of bookings) {
      if (allOnPage) next.delete(b.hashid);
      else next.add(b.hashid);
    }
    onSelectedChange?.(next);
  };
  const toggle = (hashid: string) => {
    const next = new Set(selected);
    if (next.has(hashid)) next.delete(hashid);
    else next.add(hashid);
    onSelectedChange?.(next);
  };
  const who = (b: TOperatorBooking) => `${b.citizen.surname} ${b.citizen.name}`.trim();

  return (
    <div className="table-responsive">
      {/* A card per booking on a phone (cura-stack-table, styles/bootstrap-italia.scss). */}
      <table className="table table-hover align-middle cura-stack-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectable ? (
              <th scope="col" className="cura-stack-keep">
                <div className="form-check m-0">
                  <input
                    id="select-all-bookings"
                    type="checkbox"
                    checked={allOnPage}
                    onChange={toggleAll}
                    disabled={bookings.length === 0}
                  />
                  {/* Bootstrap Italia draws the box on the label: the label shows, its words are for screen readers. */}
                  <label htmlFor="select-all-bookings" className="mb-0">
                    <span className="visually-hidden">{t("operatorBookings.table.selectPage")}</span>
                  </label>
                </div>
              </th>
            ) : null}
            <th scope="col">{t("operatorBookings.table.code")}</th>
            <th scope="col">{t("operatorBookings.table.when")}</th>
            <th scope="col">{t("operatorBookings.table.service")}</th>
            <th scope="col">{t("operatorBookings.table.citizen")}</th>
            <th scope="col">{t("operatorBookings.table.status")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("operatorBookings.table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((b) => (
            <tr key={b.hashid}>
              {selectable ? (
                <td>
                  <div className="form-check m-0">
                    <input
                      id={`select-${b.hashid}`}
                      type="checkbox"
                      checked={selected?.has(b.hashid) ?? false}
                      onChange={() => toggle(b.hashid)}
                    />
                    <label htmlFor={`select-${b.hashid}`} className="mb-0">
                      <span className="visually-hidden">
                        {t("operatorBookings.table.select", { code: b.code, name: who(b) })}
                      </span>
                    </label>
                  </div>
                </td>
              ) : null}
              <td className="text-nowrap" data-label={t("operatorBookings.table.code")}>
                {b.code}
              </td>
              <td data-label={t("operatorBookings.table.when")}>
                {b.start ? shortDateTime(b.start) : t("operatorBookings.table.noTime")}
              </td>
              <td data-label={t("operatorBookings.table.service")}>{bookingTitle(b, t)}</td>
              <td data-label={t("operatorBookings.table.citizen")}>
                {who(b)}
                {b.family_member ? (
                  <span className="d-block small">
                    {t("operatorBookings.table.forMember", {
                      name: `${b.family_member.name} ${b.family_member.surname}`,
                    })}
                  </span>
                ) : null}
              </td>
              <td data-label={t("operatorBookings.table.status")}>
                <BookingStatusBadge status={b.status} />
                <AwaitingBadge awaiting={b.awaiting} />
              </td>
              <td>
                <Link to={`${DETAIL_BASE}/${b.hashid}`} className="text-nowrap">
                  {t("operatorBookings.table.open")} <span className="visually-hidden">{b.code}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

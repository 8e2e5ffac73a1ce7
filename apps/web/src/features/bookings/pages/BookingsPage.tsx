import { BOOKING_KINDS, type BookingKind } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, useParams, useSearchParams } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { pageCount, useOwnBookingCounts, useOwnBookingsPage } from "../api/own-bookings.ts";
import { BookingCard } from "../components/BookingCard.tsx";
import {
  type BookingSection,
  bookingsListPath,
  DEFAULT_KIND,
  DEFAULT_SECTION,
  isBookingKind,
  isBookingSection,
  newBookingPath,
  SECTION_GROUPS,
  SECTION_NAMES,
} from "../sections.ts";

/**
 * /cittadino/appuntamenti/:section/:type: the citizen's bookings of one kind (visits and services,
 * or medicines) in three tabs, pending, confirmed and history (spec 001 §2, §4), paged with `?page=`.
 */
export default function BookingsPage() {
  const params = useParams();
  const { section, type: kind } = params;
  if (!isBookingSection(section) || !isBookingKind(kind)) {
    const fixedSection = isBookingSection(section) ? section : DEFAULT_SECTION;
    const fixedKind = isBookingKind(kind) ? kind : DEFAULT_KIND;
    return <Navigate to={bookingsListPath(fixedSection, fixedKind)} replace />;
  }
  return <BookingsList section={section} kind={kind} />;
}

/** One tab of one kind: the server filters and pages it; the tabs' counts come in one call. */
function BookingsList({ section, kind }: { section: BookingSection; kind: BookingKind }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = Math.max(1, Math.trunc(Number(search.get("page") ?? 1)) || 1);
  const bookings = useOwnBookingsPage({ section, kind, page: requested });
  const counts = useOwnBookingCounts();
  const current = bookings.data ?? { data: [], meta: { page: requested, per_page: 0, total: 0 } };
  const pages = bookings.data ? pageCount(bookings.data.meta) : 1;
  const goTo = (page: number) => setSearch(page > 1 ? { page: String(page) } : {});
  // A page past the end (the list shrank, or a hand-typed address) moves to the last one.
  const pastEnd = bookings.isSuccess && !bookings.isPlaceholderData && requested > pages;
  useEffect(() => {
    if (pastEnd) setSearch(pages > 1 ? { page: String(pages) } : {}, { replace: true });
  }, [pastEnd, pages, setSearch]);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4">
        <h1 className="mb-0">{t("bookings.title")}</h1>
        <Link className="btn btn-primary" to={newBookingPath(kind)}>
          {t("bookings.newBooking")}
        </Link>
      </div>

      <nav aria-label={t("bookings.kindsNav")}>
        <ul className="nav nav-pills mb-3">
          {BOOKING_KINDS.map((k) => (
            <li className="nav-item" key={k}>
              <NavLink
                to={bookingsListPath(section, k)}
                className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}
              >
                {t(`bookings.kinds.${k}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <nav aria-label={t("bookings.sectionsNav")}>
        <ul className="nav nav-tabs mb-4">
          {SECTION_NAMES.map((s) => {
            const count = counts.data ? counts.data[kind][SECTION_GROUPS[s]] : null;
            return (
              <li className="nav-item" key={s}>
                <NavLink
                  to={bookingsListPath(s, kind)}
                  className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}
                >
                  {t(`bookings.sections.${s}`)}
                  {count !== null ? <span className="badge bg-secondary ms-2">{count}</span> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby="bookings-section-title">
        <h2 id="bookings-section-title" className="visually-hidden">
          {`${t(`bookings.sections.${section}`)} – ${t(`bookings.kinds.${kind}`)}`}
        </h2>
        {bookings.isPending || pastEnd ? <PageLoader /> : null}
        {bookings.isError ? <FormMessage kind="error">{bookings.error.message}</FormMessage> : null}
        {bookings.isSuccess && !bookings.isPlaceholderData && current.meta.total === 0 ? (
          <div className="py-3">
            <p>{t(`bookings.empty.${section}`)}</p>
            <Link to={newBookingPath(kind)}>{t("bookings.newBooking")}</Link>
          </div>
        ) : null}
        {current.data.map((booking) => (
          <BookingCard key={booking.hashid} booking={booking} headingLevel={3} />
        ))}
        {pages > 1 ? (
          <nav aria-label={t("bookings.pagination")} className="d-flex align-items-center gap-3">
            <Button
              type="button"
              color="primary"
              outline
              size="sm"
              disabled={current.meta.page <= 1}
              onClick={() => goTo(current.meta.page - 1)}
            >
              {t("bookings.previous")}
            </Button>
            <span>{t("bookings.pageOf", { page: current.meta.page, pages })}</span>
            <Button
              type="button"
              color="primary"
              outline
              size="sm"
              disabled={current.meta.page >= pages}
              onClick={() => goTo(current.meta.page + 1)}
            >
              {t("bookings.next")}
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

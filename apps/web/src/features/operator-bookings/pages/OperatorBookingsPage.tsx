import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, useParams } from "react-router";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { ListSection } from "../components/ListSection.tsx";
import { ReportSection } from "../components/ReportSection.tsx";
import { ToolsSection } from "../components/ToolsSection.tsx";
import { BOOKING_SECTIONS, BOOKINGS_BASE } from "../sections.ts";

// The recall section belongs to the recall feature; it loads only when opened.
const RecallSection = lazy(() => import("../../recall/components/RecallSection.tsx"));

/**
 * /operatore/prenotazioni/:section (spec 001 §2): the company's bookings (prenotazioni), bulk tools
 * (strumenti), the XLS report (report) and recall. Without a known section it opens the list.
 */
export default function OperatorBookingsPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const current = BOOKING_SECTIONS.find((s) => s.path === section);
  if (!current) return <Navigate to={`${BOOKINGS_BASE}/prenotazioni`} replace />;
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-4">
        <h1 className="mb-0">{t("operatorBookings.title")}</h1>
        <Link to="/operatore/conferma-annullamento" className="btn btn-outline-primary btn-sm">
          {t("operatorBookings.changes.title")}
        </Link>
      </div>
      <nav aria-label={t("operatorBookings.sectionsNav")}>
        <ul className="nav nav-tabs mb-4">
          {BOOKING_SECTIONS.map((s) => (
            <li className="nav-item" key={s.path}>
              <NavLink
                to={`${BOOKINGS_BASE}/${s.path}`}
                className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}
              >
                {t(s.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current.path === "prenotazioni" ? <ListSection /> : null}
      {current.path === "strumenti" ? <ToolsSection /> : null}
      {current.path === "report" ? <ReportSection /> : null}
      {current.path === "recall" ? (
        <Suspense fallback={<PageLoader />}>
          <RecallSection />
        </Suspense>
      ) : null}
    </div>
  );
}

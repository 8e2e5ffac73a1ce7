import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { AwaitingEnablingScreen } from "../../features/companies/components/AwaitingEnablingScreen.tsx";
import { useLogout } from "../../features/identity/api/logout.ts";
import { useMe } from "../../features/identity/api/me.ts";
import { ConsentsScreen } from "../../features/identity/components/ConsentsScreen.tsx";
import { HeaderNotifications } from "../../features/notifications/components/HeaderNotifications.tsx";
import { SupportRequestMenuItem } from "../../features/support/support-request.tsx";
import { areaOf, homePathOf, useSession } from "../../lib/session.ts";
import { AlertCentre } from "../../ui/alerts/index.ts";
import { lazyModal } from "../../ui/lazy-modal.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { ScrollToTopButton } from "../../ui/ScrollToTopButton.tsx";
import { SkipLink } from "../../ui/SkipLink.tsx";
import type { AreaDefinition } from "../areas/area.ts";
import { gateOutcome, profilePathOf } from "../gate.ts";
import { normalisePath } from "../guard.ts";
import { navEntriesFor } from "../nav.ts";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";
import { Sidebar } from "./Sidebar.tsx";

const ConfirmModal = lazyModal(() => import("../../ui/ConfirmModal.tsx").then((m) => m.ConfirmModal));
// The chat-bot lives in the citizen area only (spec 001 §2): its chunk loads there and goes when the area is left.
const ChatbotWidget = lazy(() => import("../../features/chatbot/components/ChatbotWidget.tsx"));
// The popup questions (spec 001 §2 "Citizen popup-question modal"): asked once the citizen area opens.
const PopupQuestionModal = lazy(() => import("../../features/popup-questions/components/PopupQuestionModal.tsx"));

const SIDEBAR_ID = "cura-sidebar";

/**
 * The signed-in shell of one area (spec 000 §2.12): citizen (type 0), operator (type 1) and admin
 * (type 2) share this frame and differ by their route table. Header with the user's name, language
 * switch and logout; a sidebar built from the area's routes; the page; the footer.
 */
export default function AreaShell({ definition }: { definition: AreaDefinition }) {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const location = useLocation();
  const logout = useLogout();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const me = useMe(token !== null);
  // The gate runs once the session is validated (spec 000 §2.11): the stored copy of the user may
  // be old (a phone verified in another tab, consents given elsewhere).
  const validated = me.isSuccess || me.isError;

  // A page change closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  if (!user) return null; // the root guard is already on its way to /login
  if (areaOf(user) !== definition.area) return <Navigate to="/" replace />;
  // While the session is checked the header is already there and the wait is shown in the page's
  // place, not on a blank screen (issue 16). The header stands where it stands below (after the
  // skip link), so React keeps it once the session is checked: a notification panel opened
  // meanwhile stays open.
  if (!validated)
    return (
      <div className="cura-app d-flex flex-column min-vh-100">
        <SkipLink />
        <AppHeader
          homeTo={homePathOf(user)}
          tagline={t(definition.label)}
          user={user}
          notifications={HeaderNotifications}
        />
        <main id="main-content" tabIndex={-1} className="container-xxl flex-grow-1 py-4 cura-main">
          <PageLoader />
        </main>
      </div>
    );
  const gate = gateOutcome(user, location);
  if (gate.kind === "redirect") return <Navigate to={gate.to} replace />;
  const path = normalisePath(location.pathname);
  const profilePath = profilePathOf(user);
  // The home screen has its own reminder, and the profile is where the record is completed.
  const personalDataAlert =
    gate.kind === "personalData" && path !== normalisePath(homePathOf(user)) && path !== normalisePath(profilePath);

  // Someone waiting to be enabled has nowhere to go yet: no menu, only the waiting screen.
  const entries = gate.kind === "awaitingEnabling" ? [] : navEntriesFor(`/${definition.area}`, definition.pages, user);
  const areaName = t(definition.label);

  return (
    <div className="cura-app d-flex flex-column min-vh-100">
      <SkipLink />
      <AppHeader
        homeTo={homePathOf(user)}
        tagline={areaName}
        user={user}
        onLogout={() => setConfirmLogout(true)}
        notifications={HeaderNotifications}
      />
      <div className="container-xxl flex-grow-1">
        <div className="row">
          <div className="col-12 col-md-4 col-lg-3 cura-sidebar-column">
            <button
              type="button"
              className="btn btn-outline-primary w-100 mt-3 d-md-none"
              aria-expanded={menuOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? t("shell.closeMenu") : t("shell.openMenu")}
            </button>
            <Sidebar id={SIDEBAR_ID} label={t("shell.menuLabel", { area: areaName })} entries={entries} open={menuOpen}>
              {entries.length > 0 ? <SupportRequestMenuItem /> : null}
            </Sidebar>
          </div>
          <main id="main-content" tabIndex={-1} className="col-12 col-md-8 col-lg-9 py-4 cura-main">
            <AlertCentre />
            {personalDataAlert ? (
              <div className="alert alert-warning" role="alert" data-testid="gate-personal-data">
                <p className="mb-2">{t("gate.personalData")}</p>
                <Link to={profilePath}>{t("gate.completeData")}</Link>
              </div>
            ) : null}
            {gate.kind === "consents" ? (
              <ConsentsScreen />
            ) : gate.kind === "awaitingEnabling" ? (
              <AwaitingEnablingScreen />
            ) : (
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </div>
      <AppFooter />
      <ScrollToTopButton />
      {definition.area === "cittadino" && gate.kind !== "consents" && gate.kind !== "awaitingEnabling" ? (
        <Suspense fallback={null}>
          <ChatbotWidget />
          <PopupQuestionModal />
        </Suspense>
      ) : null}
      <ConfirmModal
        isOpen={confirmLogout}
        title={t("logout.question")}
        confirmLabel={t("logout.confirm")}
        cancelLabel={t("logout.cancel")}
        busy={logout.isPending}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => logout.mutate()}
      />
    </div>
  );
}

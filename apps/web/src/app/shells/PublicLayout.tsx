import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useLogout } from "../../features/identity/api/logout.ts";
import { useSession } from "../../lib/session.ts";
import { AlertCentre } from "../../ui/alerts/index.ts";
import { lazyModal } from "../../ui/lazy-modal.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { ScrollToTopButton } from "../../ui/ScrollToTopButton.tsx";
import { SkipLink } from "../../ui/SkipLink.tsx";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";

const ConfirmModal = lazyModal(() => import("../../ui/ConfirmModal.tsx").then((m) => m.ConfirmModal));

/**
 * The frame of the pages outside the areas: login, registration, verification, password recovery,
 * disabled, help, not found, dev outbox. A signed-in user reaches some of them (the verification
 * pages of the post-login gate, help, password reset) and can log out from the header there.
 */
export default function PublicLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [confirmLogout, setConfirmLogout] = useState(false);
  return (
    <div className="cura-app d-flex flex-column min-vh-100">
      <SkipLink />
      <AppHeader
        homeTo={user ? `/${user.i_am}/home` : "/login"}
        user={user}
        onLogout={user ? () => setConfirmLogout(true) : undefined}
      />
      <main id="main-content" tabIndex={-1} className="container-xxl flex-grow-1 py-5 cura-main">
        <AlertCentre />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <ScrollToTopButton />
      <ConfirmModal
        isOpen={confirmLogout && user !== null}
        title={t("logout.question")}
        confirmLabel={t("logout.confirm")}
        cancelLabel={t("logout.cancel")}
        busy={logout.isPending}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          logout.mutate();
        }}
      />
    </div>
  );
}

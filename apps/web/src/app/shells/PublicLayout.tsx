import { Suspense } from "react";
import { Outlet } from "react-router";
import { useSession } from "../../lib/session.ts";
import { AlertCentre } from "../../ui/alerts/index.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { ScrollToTopButton } from "../../ui/ScrollToTopButton.tsx";
import { SkipLink } from "../../ui/SkipLink.tsx";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";

/** The frame of the pages outside the areas: login, disabled, help, not found, dev outbox. */
export default function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="cura-app d-flex flex-column min-vh-100">
      <SkipLink />
      <AppHeader homeTo={user ? `/${user.i_am}/home` : "/login"} />
      <main id="main-content" tabIndex={-1} className="container-xxl flex-grow-1 py-5 cura-main">
        <AlertCentre />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <ScrollToTopButton />
    </div>
  );
}

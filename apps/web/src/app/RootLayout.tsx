import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import type { TKey } from "../lib/i18n.ts";
import { useSession } from "../lib/session.ts";
import { useAlerts } from "../ui/alerts/index.ts";
import { PageLoader } from "../ui/PageLoader.tsx";
import { BRAND } from "./brand.ts";
import { takeFlash } from "./flash.ts";
import { guardRedirect } from "./guard.ts";

// Only a signed-in user has an idle session: the public pages never download react-idle-timer.
const IdleSession = lazy(() => import("./IdleSession.tsx").then((module) => ({ default: module.IdleSession })));

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  titleKey?: TKey;
}

/** The page `<title>`: the deepest route's title, then the brand. */
function useDocumentTitle(): void {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.titleKey ? `${t(handle.titleKey)} – ${BRAND.name}` : BRAND.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the title too
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}

/**
 * The root of every route: the navigation guard (spec 000 §2.1), scroll to top and clearing of the
 * shown alerts on every navigation, and the page title.
 */
export function RootLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const { clear, show } = useAlerts();
  const redirect = guardRedirect(pathname, user);
  useDocumentTitle();

  // A layout effect runs before the new page's own effects, so an alert the page shows on arrival
  // survives, while the previous page's alerts go; so does one left for this page (flash.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    clear();
    // Not while the guard is about to move on: the flash belongs to the page that stays.
    const flash = redirect === null ? takeFlash(pathname) : null;
    if (flash) show(flash.kind, flash.message);
  }, [pathname, clear]);

  if (redirect !== null) return <Navigate to={redirect} replace />;
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {user ? (
        <Suspense fallback={null}>
          <IdleSession key={user.hashid} minutes={user.session_timeout_minutes} />
        </Suspense>
      ) : null}
    </>
  );
}

import { lazy, Suspense, useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import type { TKey } from "../lib/i18n.ts";
import { useSession } from "../lib/session.ts";
import { useAlerts } from "../ui/alerts/index.ts";
import { PageLoader } from "../ui/PageLoader.tsx";
import { takeFlash } from "./flash.ts";
import { landingPathOf } from "./gate.ts";
import { guardRedirect, normalisePath, PUBLIC_PATHS } from "./guard.ts";

// Only a signed-in user has an idle session: the public pages never download react-idle-timer.
const IdleSession = lazy(() => import("./IdleSession.tsx").then((module) => ({ default: module.IdleSession })));

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  titleKey?: TKey;
  /** An area's route: its pages set the title (app/areas/area-routes.tsx). */
  areaTitles?: true;
}

/**
 * The root of every route: the navigation guard (spec 000 §2.1), scroll to top and clearing of the
 * shown alerts on every navigation (the page title: AppRoutes).
 */
export function RootLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const { clear, show } = useAlerts();
  const redirect = guardRedirect(pathname, user);

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

  if (redirect !== null) {
    // Someone who has just signed in or registered on a public page goes straight to where the gate
    // wants them, and the page they are on stays, header and progress included, until the next one
    // is ready: through Home and an area still loading, the screen went blank with a bare spinner
    // (issue 16). A public page shows nothing of an account, so it is safe to keep a moment longer.
    if (user && PUBLIC_PATHS.includes(normalisePath(pathname))) {
      return (
        <>
          <Navigate to={landingPathOf(user)} replace />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </>
      );
    }
    return <Navigate to={redirect} replace />;
  }
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

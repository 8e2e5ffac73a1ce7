import { Component, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { matchRoutes, type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { setApiNavigator } from "../lib/api.ts";
import { BRAND } from "./brand.ts";
import type { RouteHandle } from "./RootLayout.tsx";
import { RouteErrorPage } from "./RouteErrorPage.tsx";

/**
 * The app's routes in react-router's declarative mode (BrowserRouter + useRoutes): the data router
 * (createBrowserRouter) costs about 19 KB of gzip on every first page and the app uses none of its
 * loaders or actions (issue 15's initial-JS budget). What it gave that we use is here: the page
 * title from the deepest route's `handle`, a boundary for a page that fails to render, and the
 * navigate function the API client uses after a 401.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Set while rendering, not in an effect: a page's first request may answer 401 before this
  // component's effects run (children's effects run first).
  setApiNavigator((to) => {
    void navigate(to, { replace: true });
  });
  useDocumentTitle(routes, pathname);
  const element = useRoutes(routes);
  return <RenderErrorBoundary pathname={pathname}>{element}</RenderErrorBoundary>;
}

/**
 * The page `<title>`: the deepest route's title, then the brand. Where the deepest route is an area's
 * (`areaTitles`), the area's own route table sets it with this hook and its `basename`.
 */
export function useDocumentTitle(routes: RouteObject[], pathname: string, basename = "/"): void {
  // The title's key may be in the part of the catalogue the page's layout is still loading
  // (lib/i18n.ts): the brand alone until it arrives ("added" renders again), never the key.
  const { t, i18n } = useTranslation(undefined, { bindI18nStore: "added" });
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  const delegated = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.areaTitles === true;
  const key = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.titleKey)?.route.handle
    ?.titleKey as RouteHandle["titleKey"];
  const loaded = key !== undefined && i18n.exists(String(key));
  const title = key && loaded ? `${t(key)} – ${BRAND.name}` : BRAND.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the title too
  useEffect(() => {
    if (!delegated) document.title = title;
  }, [title, delegated, i18n.language]);
}

/**
 * A page that throws while rendering, or whose code cannot be downloaded (a new release, offline),
 * shows the error page instead of a blank screen; moving to another path tries again.
 */
class RenderErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: { pathname: string }) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

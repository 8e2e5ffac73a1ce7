import { type ComponentType, lazy } from "react";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { SupportRequestProvider } from "../../features/support/support-request.tsx";
import { preloadPath } from "../../lib/preloadable.ts";
import { useDocumentTitle } from "../AppRoutes.tsx";
import type { RouteHandle } from "../RootLayout.tsx";
import AreaShell from "../shells/AreaShell.tsx";
import type { AreaDefinition } from "./area.ts";

const NotFoundPage = lazy(() => import("../../features/not-found/pages/NotFoundPage.tsx"));

/**
 * An area's routes under /{area}/*: the shell, its pages, the not-found page. Each area's table is in
 * the area's own chunk (app/routes.tsx loads it with the area's part of the catalogue), so the entry
 * carries no area's pages nor their chunk lists, and a page added to one area weighs nothing on the
 * others' first load (issue 15's budgets). The page title comes from here, not from AppRoutes.
 */
export function areaRoutes(definition: AreaDefinition): ComponentType {
  const routes: RouteObject[] = [
    {
      // The support request modal is opened from the shell's menu and from the pages (useSupportRequest).
      element: (
        <SupportRequestProvider load={definition.supportRequest}>
          <AreaShell definition={definition} />
        </SupportRequestProvider>
      ),
      children: [
        { index: true, element: <Navigate to="home" replace /> },
        ...definition.pages.map(
          (page): RouteObject => ({
            path: page.path,
            element: <page.Component />,
            handle: { titleKey: page.titleKey } satisfies RouteHandle,
          }),
        ),
        { path: "*", element: <NotFoundPage />, handle: { titleKey: "notFound.title" } satisfies RouteHandle },
      ],
    },
  ];
  const basename = `/${definition.area}`;
  return function AreaRoutes() {
    const { pathname } = useLocation();
    useDocumentTitle(routes, pathname, basename);
    // The page's code downloads while the shell checks the session (users/fresh/me), not after it.
    void preloadPath(routes, pathname, basename);
    return useRoutes(routes);
  };
}

import { type ComponentType, createElement, lazy, type ReactElement } from "react";
import { matchRoutes, type RouteObject } from "react-router";

/** A lazily loaded component whose code can be fetched before it first renders. */
export type Preloadable = ComponentType & { load: () => Promise<void> };

/**
 * React.lazy with a `load()` that starts the download early: the layout and the page a visitor lands
 * on are fetched together (preloadPath), not the page only once its layout has rendered, and an
 * area's page while its shell checks the session (issue 15: one round trip less before the first
 * page on a slow phone). Once the code is there the component renders at once: React.lazy would
 * still suspend on its first render, showing the spinner and then holding the page back for React's
 * throttle on revealing a Suspense boundary (300 ms).
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): Preloadable {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      Loaded = module.default;
    });
    return loading;
  };
  const Lazy = lazy(() => start().then(() => ({ default: Loaded as ComponentType })));
  function Preloaded() {
    return createElement(Loaded ?? Lazy);
  }
  return Object.assign(Preloaded, { load: start });
}

/**
 * Starts loading every preloadable layout and page a path matches; resolves once all are there (or
 * failed: a failure shows when it renders).
 */
export function preloadPath(routes: RouteObject[], pathname: string, basename?: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname, basename) ?? []).map(({ route }) => {
    const type = (route.element as ReactElement | null | undefined)?.type as Partial<Preloadable> | undefined;
    return type?.load?.().catch(() => undefined);
  });
  return Promise.all(loads).then(() => undefined);
}

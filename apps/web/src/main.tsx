// Only the Bootstrap Italia partials the app uses, compiled from its SCSS (docs/performance.md).
import "./styles/bootstrap-italia.scss";
import "./styles/fonts.css";
import "./styles.css";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/AppRoutes.tsx";
import { areaOfPath } from "./app/guard.ts";
import { AppProviders, createQueryClient } from "./app/providers.tsx";
import { createAppRoutes } from "./app/routes.tsx";
import { logout } from "./features/identity/api/logout.ts";
import { meQueryOptions } from "./features/identity/api/me-query.ts";
import { i18nReady } from "./lib/i18n.ts";
import { preloadPath } from "./lib/preloadable.ts";
import { session } from "./lib/session.ts";
import { STORAGE_KEYS, storage } from "./lib/storage.ts";

// Spec 000 §4: a session that expired while the tab was closed ends at start-up.
if (storage.getString(STORAGE_KEYS.sessionExpired) !== null) {
  if (session.get().token) void logout().catch(() => undefined);
  session.clear();
}

const routes = createAppRoutes();
// The first path's layout and page download together, not one after the other (issue 15).
const firstPage = preloadPath(routes, window.location.pathname);
const queryClient = createQueryClient();
// An area's shell shows its page once users/fresh/me has answered (AreaShell): that call leaves now,
// beside the area's code, not once the shell has arrived and rendered (issue 15: a round trip less
// before the citizen home's first paint on a slow phone).
if (session.get().token !== null && areaOfPath(window.location.pathname) !== null) {
  void queryClient.prefetchQuery(meQueryOptions());
}

// The language chosen last time (English is a lazy chunk) is active before anything renders.
await i18nReady;

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root");
// A prerendered page (login.html, vite-plugins/prerender.ts) stays on screen, inert, until the app can
// draw the same page whole: its first render replaces it without a loader in between.
const prerendered = container.hasAttribute("inert");
if (prerendered) await firstPage;
const root = createRoot(container);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
if (prerendered) {
  // Committed now, so the live page is the one that takes the focus and the clicks.
  flushSync(() => root.render(app));
  container.removeAttribute("inert");
} else {
  root.render(app);
}

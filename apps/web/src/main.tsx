// Only the Bootstrap Italia partials the app uses, compiled from its SCSS (docs/performance.md).
import "./styles/bootstrap-italia.scss";
import "./styles/fonts.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders, createQueryClient } from "./app/providers.tsx";
import { createAppRoutes } from "./app/routes.tsx";
import { logout } from "./features/identity/api/logout.ts";
import { setApiNavigator } from "./lib/api.ts";
import { i18nReady } from "./lib/i18n.ts";
import { session } from "./lib/session.ts";
import { STORAGE_KEYS, storage } from "./lib/storage.ts";

// Spec 000 §4: a session that expired while the tab was closed ends at start-up.
if (storage.getString(STORAGE_KEYS.sessionExpired) !== null) {
  if (session.get().token) void logout().catch(() => undefined);
  session.clear();
}

const router = createBrowserRouter(createAppRoutes());
setApiNavigator((to) => {
  void router.navigate(to, { replace: true });
});
const queryClient = createQueryClient();

// The language chosen last time (English is a lazy chunk) is active before anything renders.
await i18nReady;

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root");
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

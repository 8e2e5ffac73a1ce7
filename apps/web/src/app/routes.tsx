import { type ComponentType, lazy } from "react";
import type { RouteObject } from "react-router";
import { withCataloguePart } from "../lib/i18n.ts";
import { preloadable } from "../lib/preloadable.ts";
import type { Area } from "../lib/session.ts";
import { RootLayout, type RouteHandle } from "./RootLayout.tsx";

/**
 * The route table: the public pages here, each area's pages in app/areas/ (one file per area, loaded
 * with the area). Every page is lazy-loaded, and each area is its own set of chunks, so a citizen
 * never downloads the back office, not even its route table. An area's pages carry their nav
 * metadata: the shell's sidebar is built from them, so a feature shows up in the menu by adding its
 * route (with `nav`, and `nav.visible` when only some users may see it).
 */

// Each layout arrives with its part of the catalogue (lib/i18n.ts), so it never renders a key.
// The layouts and the pages a visitor lands on are preloadable: main.tsx fetches the layout and the
// page of the first path together (lib/preloadable.ts).
const PublicLayout = preloadable(() => withCataloguePart("public", import("./shells/PublicLayout.tsx")));
// Each area's route table, shell and pages, arrives with its part of the catalogue (app/areas/).
const AREA_ROUTES: Record<Area, ComponentType> = {
  cittadino: preloadable(() => withCataloguePart("cittadino", import("./areas/cittadino.tsx"))),
  operatore: preloadable(() => withCataloguePart("operatore", import("./areas/operatore.tsx"))),
  admin: preloadable(() => withCataloguePart("admin", import("./areas/admin.tsx"))),
};

const LoginPage = preloadable(() => import("../features/identity/pages/LoginPage.tsx"));
const SpidReturnPage = lazy(() => import("../features/national-identity/pages/SpidReturnPage.tsx"));
const CieReturnPage = lazy(() => import("../features/national-identity/pages/CieReturnPage.tsx"));
const DisabledPage = lazy(() => import("../features/identity/pages/DisabledPage.tsx"));
const HelpPage = lazy(() => import("../features/help/pages/HelpPage.tsx"));
const PublicContactPage = lazy(() =>
  withCataloguePart("publicContact", import("../features/admin-users/pages/PublicContactPage.tsx")),
);
const ReminderAnswerPage = lazy(() =>
  withCataloguePart("reminders", import("../features/reminders/pages/ReminderAnswerPage.tsx")),
);
const DevOutboxPage = lazy(() => import("../features/dev-outbox/pages/DevOutboxPage.tsx"));
const GuestCallPage = lazy(() =>
  withCataloguePart("teleconsultRoom", import("../features/teleconsult-room/pages/GuestCallPage.tsx")),
);
const RegisterPage = preloadable(() => import("../features/identity/pages/RegisterPage.tsx"));
const EmailVerificationPage = lazy(() => import("../features/identity/pages/EmailVerificationPage.tsx"));
const NumberVerificationPage = lazy(() => import("../features/identity/pages/NumberVerificationPage.tsx"));
const RecoverPasswordPage = lazy(() => import("../features/identity/pages/RecoverPasswordPage.tsx"));
const PasswordRecoveryPage = lazy(() => import("../features/identity/pages/PasswordRecoveryPage.tsx"));
const NotFoundPage = lazy(() => import("../features/not-found/pages/NotFoundPage.tsx"));

const notFound: RouteObject = {
  path: "*",
  element: <NotFoundPage />,
  handle: { titleKey: "notFound.title" } satisfies RouteHandle,
};

function areaRoute(area: Area): RouteObject {
  const AreaRoutes = AREA_ROUTES[area];
  // The area's pages set the title (app/areas/area-routes.tsx).
  return { path: `${area}/*`, element: <AreaRoutes />, handle: { areaTitles: true } satisfies RouteHandle };
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        // Home: the guard sends a signed-in user to their area and everyone else to /login.
        { index: true, element: null },
        {
          element: <PublicLayout />,
          children: [
            { path: "login", element: <LoginPage />, handle: { titleKey: "login.title" } satisfies RouteHandle },
            {
              path: "login/spid",
              element: <SpidReturnPage />,
              handle: { titleKey: "login.title" } satisfies RouteHandle,
            },
            {
              path: "login/cie",
              element: <CieReturnPage />,
              handle: { titleKey: "login.title" } satisfies RouteHandle,
            },
            {
              path: "disabled",
              element: <DisabledPage />,
              handle: { titleKey: "disabled.title" } satisfies RouteHandle,
            },
            {
              path: "register",
              element: <RegisterPage />,
              handle: { titleKey: "register.title" } satisfies RouteHandle,
            },
            {
              path: "email/verify/:status",
              element: <EmailVerificationPage />,
              handle: { titleKey: "emailVerify.pageTitle" } satisfies RouteHandle,
            },
            {
              path: "number/verify",
              element: <NumberVerificationPage />,
              handle: { titleKey: "numberVerify.title" } satisfies RouteHandle,
            },
            {
              path: "password/reset",
              element: <RecoverPasswordPage />,
              handle: { titleKey: "reset.title" } satisfies RouteHandle,
            },
            {
              path: "password/recovery",
              element: <PasswordRecoveryPage />,
              handle: { titleKey: "recovery.title" } satisfies RouteHandle,
            },
            { path: "help", element: <HelpPage />, handle: { titleKey: "help.title" } satisfies RouteHandle },
            {
              // The public contact form (issue 14), linked from the footer.
              path: "contatti",
              element: <PublicContactPage />,
              handle: { titleKey: "nav.publicContact" } satisfies RouteHandle,
            },
            {
              path: "promemoria/:token",
              element: <ReminderAnswerPage />,
              handle: { titleKey: "reminders.answerTitle" } satisfies RouteHandle,
            },
            {
              path: "dev/outbox",
              element: <DevOutboxPage />,
              handle: { titleKey: "outbox.title" } satisfies RouteHandle,
            },
            {
              path: "teleconsulto/ospite/:token",
              element: <GuestCallPage />,
              handle: { titleKey: "teleconsultRoom.guest.pageTitle" } satisfies RouteHandle,
            },
            notFound,
          ],
        },
        ...(Object.keys(AREA_ROUTES) as Area[]).map(areaRoute),
      ],
    },
  ];
}

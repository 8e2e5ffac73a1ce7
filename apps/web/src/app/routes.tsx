import { COMPANY_LEVELS, USER_TYPES, type UserType } from "@cura/domain/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Navigate, type RouteObject } from "react-router";
import { SETTINGS_PERMISSIONS } from "../features/companies/sections.ts";
import { type TKey, withCataloguePart } from "../lib/i18n.ts";
import type { Area } from "../lib/session.ts";
import { fullName } from "../lib/session.ts";
import { companyLevelIn, hasActiveService, hasAnyPermission, type NavMeta } from "./nav.ts";
import { RootLayout, type RouteHandle } from "./RootLayout.tsx";
import { RouteErrorPage } from "./RouteErrorPage.tsx";
import type AreaShellComponent from "./shells/AreaShell.tsx";

/**
 * The route table: the one place that says which pages exist. Every page is lazy-loaded, and each
 * area is its own set of chunks, so a citizen never downloads the back office. An area's pages carry
 * their nav metadata: the shell's sidebar is built from here, so a feature shows up in the menu by
 * adding its route (with `nav`, and `nav.visible` when only some users may see it).
 */

// Each layout arrives with its part of the catalogue (lib/i18n.ts), so it never renders a key.
const PublicLayout = lazy(() => withCataloguePart("public", import("./shells/PublicLayout.tsx")));
const AREA_SHELLS: Record<Area, LazyExoticComponent<typeof AreaShellComponent>> = {
  cittadino: lazy(() => withCataloguePart("cittadino", import("./shells/AreaShell.tsx"))),
  operatore: lazy(() => withCataloguePart("operatore", import("./shells/AreaShell.tsx"))),
  admin: lazy(() => withCataloguePart("admin", import("./shells/AreaShell.tsx"))),
};

const LoginPage = lazy(() => import("../features/identity/pages/LoginPage.tsx"));
const SpidReturnPage = lazy(() => import("../features/national-identity/pages/SpidReturnPage.tsx"));
const CieReturnPage = lazy(() => import("../features/national-identity/pages/CieReturnPage.tsx"));
const DisabledPage = lazy(() => import("../features/identity/pages/DisabledPage.tsx"));
const HelpPage = lazy(() => import("../features/help/pages/HelpPage.tsx"));
const DevOutboxPage = lazy(() => import("../features/dev-outbox/pages/DevOutboxPage.tsx"));
const RegisterPage = lazy(() => import("../features/identity/pages/RegisterPage.tsx"));
const EmailVerificationPage = lazy(() => import("../features/identity/pages/EmailVerificationPage.tsx"));
const NumberVerificationPage = lazy(() => import("../features/identity/pages/NumberVerificationPage.tsx"));
const RecoverPasswordPage = lazy(() => import("../features/identity/pages/RecoverPasswordPage.tsx"));
const PasswordRecoveryPage = lazy(() => import("../features/identity/pages/PasswordRecoveryPage.tsx"));
// One profile page for the three areas; each area's route table lazy-loads it on its own.
const loadProfilePage = () => import("../features/identity/pages/ProfilePage.tsx");
const loadSettingsPage = () => import("../features/identity/pages/SettingsPage.tsx");
const CompanySettingsPage = lazy(() => import("../features/companies/pages/CompanySettingsPage.tsx"));
const OperatorBookingsPage = lazy(() => import("../features/operator-bookings/pages/OperatorBookingsPage.tsx"));
const ProviderCentresPage = lazy(() => import("../features/provider-centres/pages/ProviderCentresPage.tsx"));
const OperatorSearchPage = lazy(() => import("../features/search/pages/OperatorSearchPage.tsx"));
const NotFoundPage = lazy(() => import("../features/not-found/pages/NotFoundPage.tsx"));
const AslAppointmentsPage = lazy(() => import("../features/patients/pages/AslAppointmentsPage.tsx"));

export interface AreaPage {
  /** Path inside the area, without a leading slash. */
  path: string;
  titleKey: TKey;
  Component: LazyExoticComponent<ComponentType>;
  /** Present when the page has a sidebar entry. */
  nav?: NavMeta;
}

export interface AreaDefinition {
  area: Area;
  userType: UserType;
  /** The area's name (header tagline, sidebar label). */
  label: TKey;
  pages: readonly AreaPage[];
}

export const AREAS: Record<Area, AreaDefinition> = {
  cittadino: {
    area: "cittadino",
    userType: USER_TYPES.citizen,
    label: "areas.cittadino",
    pages: [
      {
        path: "home",
        titleKey: "home.title",
        Component: lazy(() => import("../features/home/pages/CitizenHomePage.tsx")),
        nav: { label: "nav.homepage", icon: "it-pa" },
      },
      {
        path: "appuntamenti",
        titleKey: "bookings.title",
        Component: lazy(() => import("../features/bookings/pages/BookingsIndexPage.tsx")),
        nav: { label: "bookings.nav", icon: "it-list" },
      },
      // The booking wizard (appuntamenti/nuovo/{type}): one page, one menu entry per type.
      ...(["prestazione", "prodotto"] as const).map((type) => ({
        path: `appuntamenti/nuovo/${type}`,
        titleKey: `bookingWizard.title.${type}` as const,
        Component: lazy(() => import("../features/booking-wizard/pages/BookingWizardPage.tsx")),
        nav: { label: `bookingWizard.nav.${type}` as const, icon: type === "prodotto" ? "it-box" : "it-plus-circle" },
      })),
      {
        // Static segments win: appuntamenti/nuovo/:type (the wizard) and appuntamenti/dettaglio/:hashid.
        path: "appuntamenti/:section/:type",
        titleKey: "bookings.title",
        Component: lazy(() => import("../features/bookings/pages/BookingsPage.tsx")),
      },
      {
        path: "appuntamenti/dettaglio/:hashid",
        titleKey: "bookings.detail.title",
        Component: lazy(() => import("../features/bookings/pages/BookingDetailPage.tsx")),
      },
      {
        // Spec 001 §2 screens 10–11: bookings and one's own events on a calendar.
        path: "agenda",
        titleKey: "agenda.title",
        Component: lazy(() => import("../features/agenda/pages/AgendaPage.tsx")),
        nav: { label: "agenda.nav", icon: "it-calendar" },
      },
      {
        path: "ricerca",
        titleKey: "search.title",
        Component: lazy(() => import("../features/search/pages/ProviderSearchPage.tsx")),
        nav: { label: "nav.search", icon: "it-search" },
      },
      {
        path: "ricerca/:company",
        titleKey: "search.detailTitle",
        Component: lazy(() => import("../features/search/pages/ProviderDetailPage.tsx")),
      },
      {
        path: "circolocura",
        titleKey: "careCircle.title",
        Component: lazy(() => import("../features/care-circle/pages/CareCirclePage.tsx")),
        nav: { label: "nav.careCircle", icon: "it-star-full" },
      },
      {
        path: "profilo",
        titleKey: "profile.title",
        Component: lazy(loadProfilePage),
        // Spec 000 §2.12: the citizen's profile entry is named after the user.
        nav: { label: (user) => ({ text: fullName(user) }), icon: "it-user" },
      },
      {
        path: "impostazioni",
        titleKey: "settings.title",
        Component: lazy(loadSettingsPage),
        nav: { label: "nav.settings", icon: "it-settings" },
      },
    ],
  },
  operatore: {
    area: "operatore",
    userType: USER_TYPES.operator,
    label: "areas.operatore",
    pages: [
      {
        path: "home",
        titleKey: "home.title",
        Component: lazy(() => import("../features/home/pages/OperatorHomePage.tsx")),
        nav: {
          // Spec 002 §2: a monitoring room (company level 5) calls its dashboard Monitoraggio.
          label: (user) => (user.company?.level === COMPANY_LEVELS.monitoringRoom ? "nav.monitoring" : "nav.dashboard"),
          icon: "it-pa",
        },
      },
      // Bookings (spec 001 §2 prenotazioni/{section}, conferma-annullamento): shown when the company
      // runs the bookings platform service (ref 1); the bare path opens the list section.
      {
        path: "prenotazioni",
        titleKey: "operatorBookings.title",
        Component: OperatorBookingsPage,
        nav: { label: "operatorBookings.nav", icon: "it-calendar", visible: hasActiveService(1) },
      },
      { path: "prenotazioni/:section", titleKey: "operatorBookings.title", Component: OperatorBookingsPage },
      {
        path: "prenotazioni/dettaglio/:hashid",
        titleKey: "operatorBookings.detail.title",
        Component: lazy(() => import("../features/operator-bookings/pages/OperatorBookingDetailPage.tsx")),
      },
      {
        path: "conferma-annullamento",
        titleKey: "operatorBookings.changes.title",
        Component: lazy(() => import("../features/operator-bookings/pages/ChangeRequestsPage.tsx")),
      },
      {
        // The company's calendar of bookings (spec 002 §2 level-5 navigation keeps "agenda" too).
        path: "agenda",
        titleKey: "agenda.operatorTitle",
        Component: lazy(() => import("../features/agenda/pages/OperatorAgendaPage.tsx")),
        nav: { label: "agenda.nav", icon: "it-calendar", visible: (user) => user.company !== null },
      },
      {
        path: "profilo",
        titleKey: "profile.title",
        Component: lazy(loadProfilePage),
        nav: { label: "nav.operatorProfile", icon: "it-user" },
      },
      {
        // Spec 002 §2: the Impostazioni entry shows with any of the sections' permission strings.
        path: "impostazioni",
        titleKey: "companies.settings.title",
        Component: CompanySettingsPage,
        nav: { label: "nav.settings", icon: "it-settings", visible: hasAnyPermission(...SETTINGS_PERMISSIONS) },
      },
      { path: "impostazioni/:section", titleKey: "companies.settings.title", Component: CompanySettingsPage },
      {
        path: "bancadati",
        titleKey: "library.title",
        Component: lazy(() => import("../features/library/pages/LibraryPage.tsx")),
        // Every operator of a company has its library; 'Configura' is decided on the page.
        nav: { label: "nav.library", icon: "it-box", visible: (user) => user.company !== null },
      },
      {
        path: "archivio",
        titleKey: "archive.title",
        Component: lazy(() => import("../features/archive/pages/ArchivePage.tsx")),
        // Spec 002 §1: the archive is reserved to first-level companies.
        nav: { label: "nav.archive", icon: "it-folder", visible: companyLevelIn(COMPANY_LEVELS.firstLevel) },
      },
      {
        path: "analitiche",
        titleKey: "analytics.title",
        Component: lazy(() => import("../features/analytics/pages/StatisticsPage.tsx")),
        // Spec 002 §1: statistics are reserved to first-level companies.
        nav: { label: "nav.analytics", icon: "it-chart-line", visible: companyLevelIn(COMPANY_LEVELS.firstLevel) },
      },
      {
        path: "centriErogatori",
        titleKey: "providerCentres.title",
        Component: ProviderCentresPage,
        // The provider centres a monitoring room manages (spec 002 §2, level-5 navigation).
        nav: {
          label: "nav.providerCentres",
          icon: "it-pa",
          visible: companyLevelIn(COMPANY_LEVELS.monitoringRoom),
        },
      },
      { path: "centriErogatori/:section/:hashid?", titleKey: "providerCentres.title", Component: ProviderCentresPage },
      {
        path: "ricerca",
        titleKey: "operatorSearch.title",
        Component: OperatorSearchPage,
        nav: { label: "nav.operatorSearch", icon: "it-search", visible: (user) => user.company !== null },
      },
      { path: "ricerca/:section", titleKey: "operatorSearch.title", Component: OperatorSearchPage },
      {
        path: "pazienti",
        titleKey: "patients.title",
        Component: lazy(() => import("../features/patients/pages/PatientsPage.tsx")),
        // The API serves patients to companies running the patients (ref 4) or bookings (ref 1) service.
        nav: {
          label: "patients.nav",
          icon: "it-user",
          visible: (user) => hasActiveService(4)(user) || hasActiveService(1)(user),
        },
      },
      {
        path: "pazienti/scheda/:hash",
        titleKey: "patients.card.title",
        Component: lazy(() => import("../features/patients/pages/PatientCardPage.tsx")),
      },
      {
        path: "pazienti/:hash/prenotazioni/nuovo/:tipo",
        titleKey: "patients.booking.title",
        Component: lazy(() => import("../features/patients/pages/PatientBookingPage.tsx")),
      },
      {
        path: "pazienti/servizi/:hash",
        titleKey: "patients.services.title",
        Component: lazy(() => import("../features/patients/pages/PatientServicesPage.tsx")),
      },
      {
        path: "pazienti/ordine/:hash",
        titleKey: "patients.order.title",
        Component: lazy(() => import("../features/patients/pages/PatientOrderPage.tsx")),
      },
      {
        path: "appuntamenti",
        titleKey: "patients.asl.title",
        Component: AslAppointmentsPage,
        // Agenda/ASL appointments: a service entry of ref 5 (spec 002 §2 menu rules, §9).
        nav: { label: "patients.aslNav", icon: "it-calendar", service: 5 },
      },
      { path: "appuntamenti/:section", titleKey: "patients.asl.title", Component: AslAppointmentsPage },
    ],
  },
  admin: {
    area: "admin",
    userType: USER_TYPES.admin,
    label: "areas.admin",
    pages: [
      {
        path: "home",
        titleKey: "home.title",
        Component: lazy(() => import("../features/home/pages/AdminHomePage.tsx")),
        nav: { label: "nav.dashboard", icon: "it-pa" },
      },
      {
        path: "profilo",
        titleKey: "profile.title",
        Component: lazy(loadProfilePage),
        nav: { label: "nav.profile", icon: "it-user" },
      },
    ],
  },
};

const notFound: RouteObject = {
  path: "*",
  element: <NotFoundPage />,
  handle: { titleKey: "notFound.title" } satisfies RouteHandle,
};

function areaRoute(definition: AreaDefinition): RouteObject {
  const AreaShell = AREA_SHELLS[definition.area];
  return {
    path: definition.area,
    element: <AreaShell definition={definition} />,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      ...definition.pages.map(
        (page): RouteObject => ({
          path: page.path,
          element: <page.Component />,
          handle: { titleKey: page.titleKey } satisfies RouteHandle,
        }),
      ),
      notFound,
    ],
  };
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
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
              path: "dev/outbox",
              element: <DevOutboxPage />,
              handle: { titleKey: "outbox.title" } satisfies RouteHandle,
            },
            notFound,
          ],
        },
        ...Object.values(AREAS).map(areaRoute),
      ],
    },
  ];
}

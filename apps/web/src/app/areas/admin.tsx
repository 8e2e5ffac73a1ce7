import { USER_TYPES } from "@cura/domain/constants";
import { lazy } from "react";
import { withCataloguePart } from "../../lib/i18n.ts";
import { preloadable } from "../../lib/preloadable.ts";
import { type AreaDefinition, loadProfilePage } from "./area.ts";
import { areaRoutes } from "./area-routes.tsx";

// The administrator's users, registrations and public contacts: one module for the three pages (issue 14).
const AdminUsersArea = lazy(() =>
  withCataloguePart("adminUsers", import("../../features/admin-users/pages/AdminUsersArea.tsx")),
);

// Both bookings entries (visits and services, medicines) open this page (issue 14).
const AdminBookingsPage = lazy(() =>
  withCataloguePart("adminBookings", import("../../features/admin-bookings/pages/AdminBookingsPage.tsx")),
);

/** The administrator area (/admin, user type 2): its pages and their menu. */
export const adminArea: AreaDefinition = {
  area: "admin",
  userType: USER_TYPES.admin,
  label: "areas.admin",
  pages: [
    {
      path: "home",
      titleKey: "home.title",
      // Preloadable: the page every sign-in lands on loads while the shell checks the session.
      Component: preloadable(() => import("../../features/home/pages/AdminHomePage.tsx")),
      nav: { label: "nav.dashboard", icon: "it-pa" },
    },
    {
      // Accounts, registrations and public contacts (issue 14).
      path: "utenti",
      titleKey: "adminDashboard.menu.users",
      Component: AdminUsersArea,
      nav: { label: "adminDashboard.menu.users", icon: "it-user" },
    },
    {
      // Bookings (spec 002 §2 `prenotazioni`, two entries on one page): visits and services, and
      // medicines at prenotazioni/farmaci (issue 14).
      path: "prenotazioni",
      titleKey: "nav.adminBookingsServices",
      Component: AdminBookingsPage,
      nav: { label: "nav.adminBookingsServices", icon: "it-calendar" },
    },
    {
      path: "prenotazioni/farmaci",
      titleKey: "nav.adminBookingsMedicines",
      Component: AdminBookingsPage,
      nav: { label: "nav.adminBookingsMedicines", icon: "it-box" },
    },
    {
      // Companies: list, registration, detail (issue 14).
      path: "aziende",
      titleKey: "nav.adminCompanies",
      Component: lazy(() =>
        withCataloguePart("adminCompanies", import("../../features/admin-companies/pages/AdminCompaniesPage.tsx")),
      ),
      nav: { label: "nav.adminCompanies", icon: "it-pa" },
    },
    {
      path: "aziende/nuova",
      titleKey: "adminCompanies.newTitle",
      Component: lazy(() =>
        withCataloguePart("adminCompanies", import("../../features/admin-companies/pages/AdminCompanyNewPage.tsx")),
      ),
    },
    {
      path: "aziende/dettaglio/:company",
      titleKey: "nav.adminCompanies",
      Component: lazy(() =>
        withCataloguePart("adminCompanies", import("../../features/admin-companies/pages/AdminCompanyDetailPage.tsx")),
      ),
    },
    {
      // Survey sessions: every session, enabled per company (spec 002 §2 admin `sessioni`, issue 13).
      path: "sessioni",
      titleKey: "sessions.title",
      Component: lazy(() =>
        withCataloguePart("sessions", import("../../features/survey-sessions/pages/AdminSessionsPage.tsx")),
      ),
      nav: { label: "nav.surveySessions", icon: "it-list" },
    },
    {
      path: "servizi",
      titleKey: "nav.adminServices",
      Component: lazy(() =>
        withCataloguePart("adminServices", import("../../features/admin-companies/pages/AdminServicesPage.tsx")),
      ),
      nav: { label: "nav.adminServices", icon: "it-list" },
    },
    {
      path: "contatti",
      titleKey: "adminDashboard.menu.contacts",
      Component: AdminUsersArea,
      nav: { label: "adminDashboard.menu.contacts", icon: "it-mail" },
    },
    {
      path: "registrazioni",
      titleKey: "adminDashboard.menu.registrations",
      Component: AdminUsersArea,
      nav: { label: "adminDashboard.menu.registrations", icon: "it-calendar" },
    },
    {
      // Every teleconsultation, read-only (issue 10).
      path: "teleconsulto",
      titleKey: "teleconsult.admin.title",
      Component: lazy(() =>
        withCataloguePart("teleconsult", import("../../features/teleconsult/pages/AdminTeleconsultPage.tsx")),
      ),
      nav: { label: "nav.teleconsultsAdmin", icon: "it-video" },
    },
    {
      path: "profilo",
      titleKey: "profile.title",
      Component: lazy(loadProfilePage),
      nav: { label: "nav.profile", icon: "it-user" },
    },
    {
      path: "manuali",
      titleKey: "adminDownloads.title",
      Component: lazy(() =>
        withCataloguePart("adminDownloads", import("../../features/support/pages/AdminDownloadsPage.tsx")),
      ),
      nav: { label: "nav.adminDownloads", icon: "it-file" },
    },
    {
      // The system log over the audit trail (issue 14).
      path: "syslog",
      titleKey: "adminSettings.syslog.title",
      Component: lazy(() =>
        withCataloguePart("adminSettings", import("../../features/admin-settings/pages/SyslogPage.tsx")),
      ),
      nav: { label: "nav.adminSyslog", icon: "it-list" },
    },
    {
      // Three dashboards over the daily rollups, or external ones in a frame (issue 14).
      path: "reports",
      titleKey: "nav.adminReports",
      Component: lazy(() =>
        withCataloguePart("adminReports", import("../../features/admin-reports/pages/AdminReportsPage.tsx")),
      ),
      nav: { label: "nav.adminReports", icon: "it-chart-line" },
    },
    {
      // System settings and the ASL reference data (issue 14).
      path: "settingsys/nuovo",
      titleKey: "adminSettings.title",
      Component: lazy(() =>
        withCataloguePart("adminSettings", import("../../features/admin-settings/pages/SettingsPage.tsx")),
      ),
      nav: { label: "nav.adminSettings", icon: "it-settings" },
    },
    {
      path: "supporto",
      titleKey: "supportRequest.title",
      Component: lazy(() => withCataloguePart("support", import("../../features/support/pages/SupportPage.tsx"))),
      nav: { label: "nav.support", icon: "it-help-circle" },
    },
  ],
};

/** What app/routes.tsx loads for /admin/*: the shell and these pages. */
export default areaRoutes(adminArea);

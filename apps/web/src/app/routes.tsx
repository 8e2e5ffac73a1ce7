import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, USER_TYPES, type UserType } from "@cura/domain/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Navigate, type RouteObject } from "react-router";
import { SETTINGS_PERMISSIONS } from "../features/companies/sections.ts";
import { type TKey, withCataloguePart } from "../lib/i18n.ts";
import type { Area } from "../lib/session.ts";
import { fullName } from "../lib/session.ts";
import { companyLevelIn, hasActiveService, hasAnyPermission, type NavMeta } from "./nav.ts";
import { RootLayout, type RouteHandle } from "./RootLayout.tsx";
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
// The administrator's users, registrations and public contacts: one module for the three pages (issue 14).
const AdminUsersArea = lazy(() =>
  withCataloguePart("adminUsers", import("../features/admin-users/pages/AdminUsersArea.tsx")),
);
const PublicContactPage = lazy(() =>
  withCataloguePart("publicContact", import("../features/admin-users/pages/PublicContactPage.tsx")),
);
const ReminderAnswerPage = lazy(() =>
  withCataloguePart("reminders", import("../features/reminders/pages/ReminderAnswerPage.tsx")),
);
const DevOutboxPage = lazy(() => import("../features/dev-outbox/pages/DevOutboxPage.tsx"));
const CitizenTeleconsultsPage = lazy(() =>
  withCataloguePart("teleconsult", import("../features/teleconsult/pages/CitizenTeleconsultsPage.tsx")),
);
const QuickRequestPage = lazy(() =>
  withCataloguePart("teleconsult", import("../features/teleconsult/pages/QuickRequestPage.tsx")),
);
const TeleconsultPreviewPage = lazy(() =>
  withCataloguePart("teleconsult", import("../features/teleconsult/pages/TeleconsultPreviewPage.tsx")),
);
const OperatorTeleconsultPage = lazy(() =>
  withCataloguePart("teleconsult", import("../features/teleconsult/pages/OperatorTeleconsultPage.tsx")),
);
// The teleconsultation call: WebRTC stays in these chunks, out of the entry.
const MemberCallPage = lazy(() =>
  withCataloguePart("teleconsultRoom", import("../features/teleconsult-room/pages/MemberCallPage.tsx")),
);
const GuestCallPage = lazy(() =>
  withCataloguePart("teleconsultRoom", import("../features/teleconsult-room/pages/GuestCallPage.tsx")),
);
const RegisterPage = lazy(() => import("../features/identity/pages/RegisterPage.tsx"));
const EmailVerificationPage = lazy(() => import("../features/identity/pages/EmailVerificationPage.tsx"));
const NumberVerificationPage = lazy(() => import("../features/identity/pages/NumberVerificationPage.tsx"));
const RecoverPasswordPage = lazy(() => import("../features/identity/pages/RecoverPasswordPage.tsx"));
const PasswordRecoveryPage = lazy(() => import("../features/identity/pages/PasswordRecoveryPage.tsx"));
// One profile page for the three areas; each area's route table lazy-loads it on its own.
const loadProfilePage = () => import("../features/identity/pages/ProfilePage.tsx");
const loadSettingsPage = () => withCataloguePart("settings", import("../features/identity/pages/SettingsPage.tsx"));
const CompanySettingsPage = lazy(() => import("../features/companies/pages/CompanySettingsPage.tsx"));
const OperatorBookingsPage = lazy(() => import("../features/operator-bookings/pages/OperatorBookingsPage.tsx"));
const ProviderCentresPage = lazy(() =>
  withCataloguePart("providerCentres", import("../features/provider-centres/pages/ProviderCentresPage.tsx")),
);
const OperatorSearchPage = lazy(() =>
  withCataloguePart("operatorSearch", import("../features/search/pages/OperatorSearchPage.tsx")),
);
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
        Component: lazy(() =>
          withCataloguePart("bookingWizard", import("../features/booking-wizard/pages/BookingWizardPage.tsx")),
        ),
        nav: { label: `nav.newBooking.${type}` as const, icon: type === "prodotto" ? "it-box" : "it-plus-circle" },
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
        // A reservation's documents to read and sign (spec 001 §4 "Document signing"; no menu entry).
        path: "documenti/prenotazione/:hashid",
        titleKey: "documents.citizenTitle",
        Component: lazy(() =>
          withCataloguePart("documents", import("../features/documents/pages/ReservationDocumentsPage.tsx")),
        ),
      },
      {
        // Spec 001 §2 screens 10–11: bookings and one's own events on a calendar.
        path: "agenda",
        titleKey: "agenda.title",
        Component: lazy(() => withCataloguePart("agenda", import("../features/agenda/pages/AgendaPage.tsx"))),
        nav: { label: "nav.agenda", icon: "it-calendar" },
      },
      {
        path: "ricerca",
        titleKey: "search.title",
        Component: lazy(() => withCataloguePart("search", import("../features/search/pages/ProviderSearchPage.tsx"))),
        nav: { label: "nav.search", icon: "it-search" },
      },
      {
        path: "ricerca/:company",
        titleKey: "search.detailTitle",
        Component: lazy(() => withCataloguePart("search", import("../features/search/pages/ProviderDetailPage.tsx"))),
      },
      // Teleconsultation (spec 001 §2 teleconsulti/{section}/{subsection?}/{type?}, issue 10).
      {
        path: "teleconsulti",
        titleKey: "teleconsult.citizen.title",
        Component: CitizenTeleconsultsPage,
        nav: { label: "nav.teleconsults", icon: "it-video" },
      },
      { path: "teleconsulti/lista", titleKey: "teleconsult.citizen.title", Component: CitizenTeleconsultsPage },
      ...(["tcemergenza", "pediatrico"] as const).map((subsection) => ({
        path: `teleconsulti/nuovo/${subsection}`,
        titleKey: `teleconsult.request.title.${subsection === "tcemergenza" ? "rapido" : "pediatrico"}` as const,
        Component: QuickRequestPage,
      })),
      {
        path: "teleconsulti/anteprima/:hashid",
        titleKey: "teleconsult.preview.title",
        Component: TeleconsultPreviewPage,
      },
      // The teleconsultation call (issue 10); tc's teleconsult pages link here.
      { path: "teleconsulti/chiamata/:hashid", titleKey: "teleconsultRoom.title", Component: MemberCallPage },
      {
        // Spec 001 §2: the health file opens on archivio; each section is a tab (features/health-file/tabs.ts).
        path: "profilosanitario",
        titleKey: "healthFile.title",
        Component: lazy(() => withCataloguePart("health", import("../features/health-file/pages/HealthFilePage.tsx"))),
        nav: { label: "nav.healthFile", icon: "it-card" },
      },
      {
        path: "profilosanitario/:section/:action?",
        titleKey: "healthFile.title",
        Component: lazy(() => withCataloguePart("health", import("../features/health-file/pages/HealthFilePage.tsx"))),
      },
      {
        // Spec 001 §2: a caregiver adds a therapy to an assisted person's file.
        path: "familiare/assistito/terapia",
        titleKey: "healthTherapies.pages.assistedTitle",
        Component: lazy(() =>
          withCataloguePart("health", import("../features/health-therapies/pages/AssistedTherapyPage.tsx")),
        ),
      },
      {
        path: "circolocura",
        titleKey: "careCircle.title",
        Component: lazy(() =>
          withCataloguePart("careCircle", import("../features/care-circle/pages/CareCirclePage.tsx")),
        ),
        nav: { label: "nav.careCircle", icon: "it-star-full" },
      },
      {
        path: "familiari/caregiver",
        titleKey: "caregivers.title",
        Component: lazy(() =>
          withCataloguePart("caregivers", import("../features/caregivers/pages/CaregiversPage.tsx")),
        ),
        nav: { label: "nav.caregivers", icon: "it-user" },
      },
      {
        path: "contatti-emergenza",
        titleKey: "emergencyContacts.title",
        Component: lazy(() =>
          withCataloguePart(
            "emergencyContacts",
            import("../features/emergency-contacts/pages/EmergencyContactsPage.tsx"),
          ),
        ),
        nav: { label: "nav.emergencyContacts", icon: "it-telephone" },
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
      {
        path: "promemoria",
        titleKey: "reminders.title",
        Component: lazy(() => withCataloguePart("reminders", import("../features/reminders/pages/RemindersPage.tsx"))),
        nav: { label: "nav.reminders", icon: "it-clock" },
      },
      {
        path: "manuali",
        titleKey: "manuals.title",
        Component: lazy(() => withCataloguePart("manuals", import("../features/support/pages/ManualsPage.tsx"))),
        nav: { label: "nav.manuals", icon: "it-file" },
      },
      {
        path: "supporto",
        titleKey: "supportRequest.title",
        Component: lazy(() => withCataloguePart("support", import("../features/support/pages/SupportPage.tsx"))),
        nav: { label: "nav.support", icon: "it-help-circle" },
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
        Component: lazy(() =>
          withCataloguePart("documents", import("../features/operator-bookings/pages/OperatorBookingDetailPage.tsx")),
        ),
      },
      {
        // The company's templates of documents to sign (spec 002 §3; the spec gives no menu entry:
        // reached from a reservation's documents section).
        path: "documenti/modelli",
        titleKey: "documents.templatesTitle",
        Component: lazy(() =>
          withCataloguePart("documents", import("../features/documents/pages/DocumentTemplatesPage.tsx")),
        ),
      },
      {
        path: "conferma-annullamento",
        titleKey: "operatorBookings.changes.title",
        Component: lazy(() => import("../features/operator-bookings/pages/ChangeRequestsPage.tsx")),
      },
      // Teleconsultation sections (spec 002 §2 teleconsulto/{section}): service entries of refs 10, 11, 2;
      // the quick ones only with their permission string (issue 10).
      {
        path: "teleconsulto/rapido",
        titleKey: "teleconsult.operator.title.rapido",
        Component: OperatorTeleconsultPage,
        nav: {
          label: "nav.teleconsult.rapido",
          icon: "it-video",
          service: 10,
          permissions: [OPERATOR_PERMISSIONS.manageEmergencyTeleconsult],
        },
      },
      {
        path: "teleconsulto/pediatrico",
        titleKey: "teleconsult.operator.title.pediatrico",
        Component: OperatorTeleconsultPage,
        nav: {
          label: "nav.teleconsult.pediatrico",
          icon: "it-video",
          service: 11,
          permissions: [OPERATOR_PERMISSIONS.managePaediatricTeleconsult],
        },
      },
      {
        path: "teleconsulto/specialistico",
        titleKey: "teleconsult.operator.title.specialistico",
        Component: OperatorTeleconsultPage,
        nav: { label: "nav.teleconsult.specialistico", icon: "it-video", service: 2 },
      },
      { path: "teleconsulto/chiamata/:hashid", titleKey: "teleconsultRoom.title", Component: MemberCallPage },
      {
        // The company's calendar of bookings (spec 002 §2 level-5 navigation keeps "agenda" too).
        path: "agenda",
        titleKey: "agenda.operatorTitle",
        Component: lazy(() => withCataloguePart("agenda", import("../features/agenda/pages/OperatorAgendaPage.tsx"))),
        nav: { label: "nav.agenda", icon: "it-calendar", visible: (user) => user.company !== null },
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
        Component: lazy(() => withCataloguePart("library", import("../features/library/pages/LibraryPage.tsx"))),
        // Every operator of a company has its library; 'Configura' is decided on the page.
        nav: { label: "nav.library", icon: "it-box", visible: (user) => user.company !== null },
      },
      {
        path: "archivio",
        titleKey: "archive.title",
        Component: lazy(() => withCataloguePart("archive", import("../features/archive/pages/ArchivePage.tsx"))),
        // Spec 002 §1: the archive is reserved to first-level companies.
        nav: { label: "nav.archive", icon: "it-folder", visible: companyLevelIn(COMPANY_LEVELS.firstLevel) },
      },
      {
        path: "analitiche",
        titleKey: "analytics.title",
        Component: lazy(() => withCataloguePart("analytics", import("../features/analytics/pages/StatisticsPage.tsx"))),
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
        Component: lazy(() => withCataloguePart("health", import("../features/patients/pages/PatientCardPage.tsx"))),
      },
      {
        path: "pazienti/profilo/:hash",
        titleKey: "healthFile.profileTitle",
        Component: lazy(() =>
          withCataloguePart("health", import("../features/health-file/pages/PatientProfilePage.tsx")),
        ),
      },
      {
        path: "pazienti/referti/dimissioni",
        titleKey: "healthFile.dischargeTitle",
        Component: lazy(() =>
          withCataloguePart("health", import("../features/health-file/pages/DischargeReportsPage.tsx")),
        ),
        // Beside the patients: the same services open it.
        nav: {
          label: "nav.dischargeReports",
          icon: "it-file-pdf",
          visible: (user) => hasActiveService(4)(user) || hasActiveService(1)(user),
        },
      },
      {
        // Spec 002 §2: a new therapy for one of the company's patients.
        path: "pazienti/terapia",
        titleKey: "healthTherapies.pages.patientTitle",
        Component: lazy(() =>
          withCataloguePart("health", import("../features/health-therapies/pages/PatientTherapyPage.tsx")),
        ),
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
      {
        path: "manuali",
        titleKey: "manuals.title",
        Component: lazy(() => withCataloguePart("manuals", import("../features/support/pages/ManualsPage.tsx"))),
        nav: { label: "nav.manuals", icon: "it-file" },
      },
      {
        path: "supporto",
        titleKey: "supportRequest.title",
        Component: lazy(() => withCataloguePart("support", import("../features/support/pages/SupportPage.tsx"))),
        nav: { label: "nav.support", icon: "it-help-circle" },
      },
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
        // Accounts, registrations and public contacts (issue 14).
        path: "utenti",
        titleKey: "adminDashboard.menu.users",
        Component: AdminUsersArea,
        nav: { label: "adminDashboard.menu.users", icon: "it-user" },
      },
      {
        // Companies: list, registration, detail (issue 14).
        path: "aziende",
        titleKey: "nav.adminCompanies",
        Component: lazy(() =>
          withCataloguePart("adminCompanies", import("../features/admin-companies/pages/AdminCompaniesPage.tsx")),
        ),
        nav: { label: "nav.adminCompanies", icon: "it-pa" },
      },
      {
        path: "aziende/nuova",
        titleKey: "adminCompanies.newTitle",
        Component: lazy(() =>
          withCataloguePart("adminCompanies", import("../features/admin-companies/pages/AdminCompanyNewPage.tsx")),
        ),
      },
      {
        path: "aziende/dettaglio/:company",
        titleKey: "nav.adminCompanies",
        Component: lazy(() =>
          withCataloguePart("adminCompanies", import("../features/admin-companies/pages/AdminCompanyDetailPage.tsx")),
        ),
      },
      {
        path: "servizi",
        titleKey: "nav.adminServices",
        Component: lazy(() =>
          withCataloguePart("adminServices", import("../features/admin-companies/pages/AdminServicesPage.tsx")),
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
          withCataloguePart("teleconsult", import("../features/teleconsult/pages/AdminTeleconsultPage.tsx")),
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
          withCataloguePart("adminDownloads", import("../features/support/pages/AdminDownloadsPage.tsx")),
        ),
        nav: { label: "nav.adminDownloads", icon: "it-file" },
      },
      {
        // The system log over the audit trail (issue 14).
        path: "syslog",
        titleKey: "adminSettings.syslog.title",
        Component: lazy(() =>
          withCataloguePart("adminSettings", import("../features/admin-settings/pages/SyslogPage.tsx")),
        ),
        nav: { label: "nav.adminSyslog", icon: "it-list" },
      },
      {
        // System settings and the ASL reference data (issue 14).
        path: "settingsys/nuovo",
        titleKey: "adminSettings.title",
        Component: lazy(() =>
          withCataloguePart("adminSettings", import("../features/admin-settings/pages/SettingsPage.tsx")),
        ),
        nav: { label: "nav.adminSettings", icon: "it-settings" },
      },
      {
        path: "supporto",
        titleKey: "supportRequest.title",
        Component: lazy(() => withCataloguePart("support", import("../features/support/pages/SupportPage.tsx"))),
        nav: { label: "nav.support", icon: "it-help-circle" },
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
        ...Object.values(AREAS).map(areaRoute),
      ],
    },
  ];
}

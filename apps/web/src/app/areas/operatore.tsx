import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, USER_TYPES } from "@cura/domain/constants";
import { lazy } from "react";
import { SETTINGS_PERMISSIONS } from "../../features/companies/sections.ts";
import { withCataloguePart } from "../../lib/i18n.ts";
import { preloadable } from "../../lib/preloadable.ts";
import { companyLevelIn, hasActiveService, hasAnyPermission } from "../nav.ts";
import { type AreaDefinition, loadProfilePage, loadSupportRequestModal } from "./area.ts";
import { areaRoutes } from "./area-routes.tsx";

const OperatorTeleconsultPage = lazy(() =>
  withCataloguePart("teleconsult", import("../../features/teleconsult/pages/OperatorTeleconsultPage.tsx")),
);

// The teleconsultation call: WebRTC stays in these chunks, out of the entry.
const MemberCallPage = lazy(() =>
  withCataloguePart("teleconsultRoom", import("../../features/teleconsult-room/pages/MemberCallPage.tsx")),
);

const CompanySettingsPage = lazy(() => import("../../features/companies/pages/CompanySettingsPage.tsx"));

const OperatorBookingsPage = lazy(() => import("../../features/operator-bookings/pages/OperatorBookingsPage.tsx"));

const ProviderCentresPage = lazy(() =>
  withCataloguePart("providerCentres", import("../../features/provider-centres/pages/ProviderCentresPage.tsx")),
);

const OperatorSearchPage = lazy(() =>
  withCataloguePart("operatorSearch", import("../../features/search/pages/OperatorSearchPage.tsx")),
);

// An ASL appointment's row opens a survey to fill on it (the surveys' player and texts).
const AslAppointmentsPage = lazy(() =>
  withCataloguePart("surveys", import("../../features/patients/pages/AslAppointmentsPage.tsx")),
);

// Screening (spec 002 §2 attivita/{section}/{action?}/{quest?}): activities, surveys, builder and
// fills, and the sessions' list (the sessions part holds the surveys' texts too).
const SurveysArea = lazy(() => withCataloguePart("sessions", import("../../features/surveys/pages/SurveysArea.tsx")));
const SessionsArea = lazy(() =>
  withCataloguePart("sessions", import("../../features/survey-sessions/pages/SessionsArea.tsx")),
);

/** The operator area (/operatore, user type 1): its pages and their menu, by permission, company level and service. */
export const operatorArea: AreaDefinition = {
  area: "operatore",
  userType: USER_TYPES.operator,
  label: "areas.operatore",
  supportRequest: loadSupportRequestModal,
  pages: [
    {
      path: "home",
      titleKey: "home.title",
      // Preloadable: the page every sign-in lands on loads while the shell checks the session.
      Component: preloadable(() => import("../../features/home/pages/OperatorHomePage.tsx")),
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
        withCataloguePart("documents", import("../../features/operator-bookings/pages/OperatorBookingDetailPage.tsx")),
      ),
    },
    {
      // The company's templates of documents to sign (spec 002 §3; the spec gives no menu entry:
      // reached from a reservation's documents section).
      path: "documenti/modelli",
      titleKey: "documents.templatesTitle",
      Component: lazy(() =>
        withCataloguePart("documents", import("../../features/documents/pages/DocumentTemplatesPage.tsx")),
      ),
    },
    {
      path: "conferma-annullamento",
      titleKey: "operatorBookings.changes.title",
      Component: lazy(() => import("../../features/operator-bookings/pages/ChangeRequestsPage.tsx")),
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
      Component: lazy(() => withCataloguePart("agenda", import("../../features/agenda/pages/OperatorAgendaPage.tsx"))),
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
      Component: lazy(() => withCataloguePart("library", import("../../features/library/pages/LibraryPage.tsx"))),
      // Every operator of a company has its library; 'Configura' is decided on the page.
      nav: { label: "nav.library", icon: "it-box", visible: (user) => user.company !== null },
    },
    {
      path: "archivio",
      titleKey: "archive.title",
      Component: lazy(() => withCataloguePart("archive", import("../../features/archive/pages/ArchivePage.tsx"))),
      // Spec 002 §1: the archive is reserved to first-level companies.
      nav: { label: "nav.archive", icon: "it-folder", visible: companyLevelIn(COMPANY_LEVELS.firstLevel) },
    },
    {
      path: "analitiche",
      titleKey: "analytics.title",
      Component: lazy(() =>
        withCataloguePart("analytics", import("../../features/analytics/pages/StatisticsPage.tsx")),
      ),
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
      Component: lazy(() => import("../../features/patients/pages/PatientsPage.tsx")),
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
      Component: lazy(() => withCataloguePart("health", import("../../features/patients/pages/PatientCardPage.tsx"))),
    },
    {
      path: "pazienti/profilo/:hash",
      titleKey: "healthFile.profileTitle",
      Component: lazy(() =>
        withCataloguePart("health", import("../../features/health-file/pages/PatientProfilePage.tsx")),
      ),
    },
    {
      path: "pazienti/referti/dimissioni",
      titleKey: "healthFile.dischargeTitle",
      Component: lazy(() =>
        withCataloguePart("health", import("../../features/health-file/pages/DischargeReportsPage.tsx")),
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
        withCataloguePart("health", import("../../features/health-therapies/pages/PatientTherapyPage.tsx")),
      ),
    },
    {
      path: "pazienti/:hash/prenotazioni/nuovo/:tipo",
      titleKey: "patients.booking.title",
      Component: lazy(() => import("../../features/patients/pages/PatientBookingPage.tsx")),
    },
    {
      path: "pazienti/servizi/:hash",
      titleKey: "patients.services.title",
      Component: lazy(() => import("../../features/patients/pages/PatientServicesPage.tsx")),
    },
    {
      path: "pazienti/ordine/:hash",
      titleKey: "patients.order.title",
      Component: lazy(() => import("../../features/patients/pages/PatientOrderPage.tsx")),
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
      // Spec 002 §2 menu rules: the Screening entry shows with either survey permission.
      path: "attivita",
      titleKey: "surveys.area.title",
      Component: SurveysArea,
      nav: {
        label: "nav.screening",
        icon: "it-check-circle",
        permissions: [OPERATOR_PERMISSIONS.manageActivities, OPERATOR_PERMISSIONS.administerSurveys],
      },
    },
    { path: "attivita/:section/:action?/:quest?", titleKey: "surveys.area.title", Component: SurveysArea },
    {
      // Survey sessions (spec 002 §2 `sessioni/{action?}/{quest?}`, issue 13): either survey permission.
      path: "sessioni",
      titleKey: "sessions.title",
      Component: SessionsArea,
      nav: {
        label: "nav.surveySessions",
        icon: "it-list",
        permissions: [OPERATOR_PERMISSIONS.manageActivities, OPERATOR_PERMISSIONS.administerSurveys],
      },
    },
    { path: "sessioni/:action/:quest?", titleKey: "sessions.title", Component: SessionsArea },
    {
      path: "manuali",
      titleKey: "manuals.title",
      Component: lazy(() => withCataloguePart("manuals", import("../../features/support/pages/ManualsPage.tsx"))),
      nav: { label: "nav.manuals", icon: "it-file" },
    },
    {
      path: "supporto",
      titleKey: "supportRequest.title",
      // Screen 22, the chat-bot's fallback link; the menu's question-circle item opens the modal (supportRequest).
      Component: lazy(() => withCataloguePart("support", import("../../features/support/pages/SupportPage.tsx"))),
    },
  ],
};

/** What app/routes.tsx loads for /operatore/*: the shell and these pages. */
export default areaRoutes(operatorArea);

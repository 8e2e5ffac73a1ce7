import { USER_TYPES } from "@cura/domain/constants";
import { lazy } from "react";
import { withCataloguePart } from "../../lib/i18n.ts";
import { preloadable } from "../../lib/preloadable.ts";
import { fullName } from "../../lib/session.ts";
import { type AreaDefinition, loadProfilePage, loadSettingsPage, loadSupportRequestModal } from "./area.ts";
import { areaRoutes } from "./area-routes.tsx";

const CitizenTeleconsultsPage = lazy(() =>
  withCataloguePart("teleconsult", import("../../features/teleconsult/pages/CitizenTeleconsultsPage.tsx")),
);

// With the surveys' texts too: the mandatory survey's modal opens on this page (issue 13).
const QuickRequestPage = lazy(() =>
  withCataloguePart(
    "teleconsult",
    withCataloguePart("surveys", import("../../features/teleconsult/pages/QuickRequestPage.tsx")),
  ),
);

// The specialist entry is the booking wizard's (type teleconsulto), with both parts' texts.
const SpecialistRequestPage = lazy(() =>
  withCataloguePart(
    "bookingWizard",
    withCataloguePart("teleconsult", import("../../features/teleconsult/pages/SpecialistRequestPage.tsx")),
  ),
);

const TeleconsultPreviewPage = lazy(() =>
  withCataloguePart("teleconsult", import("../../features/teleconsult/pages/TeleconsultPreviewPage.tsx")),
);

// The teleconsultation call: WebRTC stays in these chunks, out of the entry.
const MemberCallPage = lazy(() =>
  withCataloguePart("teleconsultRoom", import("../../features/teleconsult-room/pages/MemberCallPage.tsx")),
);

/** The citizen area (/cittadino, user type 0): its pages and their menu. */
export const citizenArea: AreaDefinition = {
  area: "cittadino",
  userType: USER_TYPES.citizen,
  label: "areas.cittadino",
  supportRequest: loadSupportRequestModal,
  pages: [
    {
      path: "home",
      titleKey: "home.title",
      // Preloadable: the page every sign-in lands on loads while the shell checks the session.
      Component: preloadable(() => import("../../features/home/pages/CitizenHomePage.tsx")),
      nav: { label: "nav.homepage", icon: "it-pa" },
    },
    {
      path: "appuntamenti",
      titleKey: "bookings.title",
      Component: lazy(() => import("../../features/bookings/pages/BookingsIndexPage.tsx")),
      nav: { label: "bookings.nav", icon: "it-list" },
    },
    // The booking wizard (appuntamenti/nuovo/{type}): one page, one menu entry per type.
    ...(["prestazione", "prodotto"] as const).map((type) => ({
      path: `appuntamenti/nuovo/${type}`,
      titleKey: `bookingWizard.title.${type}` as const,
      Component: lazy(() =>
        withCataloguePart("bookingWizard", import("../../features/booking-wizard/pages/BookingWizardPage.tsx")),
      ),
      nav: {
        label: `nav.newBooking.${type}` as const,
        icon: type === "prodotto" ? ("it-box" as const) : ("it-plus-circle" as const),
      },
    })),
    {
      // Static segments win: appuntamenti/nuovo/:type (the wizard) and appuntamenti/dettaglio/:hashid.
      path: "appuntamenti/:section/:type",
      titleKey: "bookings.title",
      Component: lazy(() => import("../../features/bookings/pages/BookingsPage.tsx")),
    },
    {
      path: "appuntamenti/dettaglio/:hashid",
      titleKey: "bookings.detail.title",
      Component: lazy(() => import("../../features/bookings/pages/BookingDetailPage.tsx")),
    },
    {
      // A reservation's documents to read and sign (spec 001 §4 "Document signing"; no menu entry).
      path: "documenti/prenotazione/:hashid",
      titleKey: "documents.citizenTitle",
      Component: lazy(() =>
        withCataloguePart("documents", import("../../features/documents/pages/ReservationDocumentsPage.tsx")),
      ),
    },
    {
      // Spec 001 §2 screens 10–11: bookings and one's own events on a calendar.
      path: "agenda",
      titleKey: "agenda.title",
      Component: lazy(() => withCataloguePart("agenda", import("../../features/agenda/pages/AgendaPage.tsx"))),
      nav: { label: "nav.agenda", icon: "it-calendar" },
    },
    {
      path: "ricerca",
      titleKey: "search.title",
      Component: lazy(() => withCataloguePart("search", import("../../features/search/pages/ProviderSearchPage.tsx"))),
      nav: { label: "nav.search", icon: "it-search" },
    },
    {
      path: "ricerca/:company",
      titleKey: "search.detailTitle",
      Component: lazy(() => withCataloguePart("search", import("../../features/search/pages/ProviderDetailPage.tsx"))),
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
    // Spec 001 §2: nuovo/specialistico (type teleconsulto); the popups' citizen target names the type.
    ...(["teleconsulti/nuovo/specialistico", "teleconsulti/nuovo/specialistico/teleconsulto"] as const).map((path) => ({
      path,
      titleKey: "teleconsult.request.title.specialistico" as const,
      Component: SpecialistRequestPage,
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
      Component: lazy(() => withCataloguePart("health", import("../../features/health-file/pages/HealthFilePage.tsx"))),
      nav: { label: "nav.healthFile", icon: "it-card" },
    },
    {
      path: "profilosanitario/:section/:action?",
      titleKey: "healthFile.title",
      Component: lazy(() => withCataloguePart("health", import("../../features/health-file/pages/HealthFilePage.tsx"))),
    },
    {
      // Spec 001 §2: a caregiver adds a therapy to an assisted person's file.
      path: "familiare/assistito/terapia",
      titleKey: "healthTherapies.pages.assistedTitle",
      Component: lazy(() =>
        withCataloguePart("health", import("../../features/health-therapies/pages/AssistedTherapyPage.tsx")),
      ),
    },
    {
      path: "circolocura",
      titleKey: "careCircle.title",
      Component: lazy(() =>
        withCataloguePart("careCircle", import("../../features/care-circle/pages/CareCirclePage.tsx")),
      ),
      nav: { label: "nav.careCircle", icon: "it-star-full" },
    },
    {
      path: "familiari/caregiver",
      titleKey: "caregivers.title",
      Component: lazy(() =>
        withCataloguePart("caregivers", import("../../features/caregivers/pages/CaregiversPage.tsx")),
      ),
      nav: { label: "nav.caregivers", icon: "it-user" },
    },
    {
      path: "contatti-emergenza",
      titleKey: "emergencyContacts.title",
      Component: lazy(() =>
        withCataloguePart(
          "emergencyContacts",
          import("../../features/emergency-contacts/pages/EmergencyContactsPage.tsx"),
        ),
      ),
      // Spec 000 §2.9: citizens with a verified e-mail see their emergency contacts.
      nav: {
        label: "nav.emergencyContacts",
        icon: "it-telephone",
        visible: (user) => Boolean(user.email && user.email_verified_at),
      },
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
      Component: lazy(() => withCataloguePart("reminders", import("../../features/reminders/pages/RemindersPage.tsx"))),
      nav: { label: "nav.reminders", icon: "it-clock" },
    },
    {
      // Spec 001 §2 questionario/compila/{quest?}: an open survey, reached by its link (no menu entry).
      path: "questionario/compila/:quest?",
      titleKey: "surveys.citizen.title",
      Component: lazy(() => withCataloguePart("surveys", import("../../features/surveys/pages/FillSurveyPage.tsx"))),
    },
    {
      // Spec 001 §2 questionario/score/compila/{quest?}: a score questionnaire, its score shown at the end.
      path: "questionario/score/compila/:quest?",
      titleKey: "surveys.score.title",
      Component: lazy(() => withCataloguePart("surveys", import("../../features/surveys/pages/ScoreSurveyPage.tsx"))),
    },
    {
      // IRST, the oncology therapy reconciliation (issue 13): drugs and other products the patient takes.
      path: "irst",
      titleKey: "irst.title",
      Component: lazy(() => withCataloguePart("irst", import("../../features/irst/pages/IrstPage.tsx"))),
      nav: { label: "nav.irst", icon: "it-list" },
    },
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

/** What app/routes.tsx loads for /cittadino/*: the shell and these pages. */
export default areaRoutes(citizenArea);

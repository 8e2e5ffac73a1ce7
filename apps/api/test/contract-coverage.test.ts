import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers.ts";
import { operationsOf } from "./openapi.ts";

/**
 * shared/spec/routes.tsv (copied to test/fixtures) lists every call of the spec. This prints, per
 * module, how many of them the OpenAPI document serves, and holds the modules declared complete to
 * all of their calls. A module joins COMPLETE_MODULES when its issue is resolved.
 */
const COMPLETE_MODULES: string[] = [
  "archives",
  "care",
  "companies",
  "documents",
  "identity",
  "notifications",
  "sessions",
  "support",
  "surveys",
  "teleconsult",
];

/** Routes we serve that the spec does not list, each with its reason. */
const EXTRA_ROUTES: Record<string, string> = {
  "GET admin/reservations":
    "admin prenotazioni (both entries: visits and services, medicines) lists every company's bookings with filters and its XLS (issue 14; the spec names no call)",
  "GET admin/settings":
    "the settingsys page lists every setting with type and visibility (issue 14; the spec names no call)",
  "POST admin/settings": "settingsys/nuovo creates a typed setting (issue 14: 'through admin routes this issue adds')",
  "PUT admin/settings/{key}": "an administrator changes a setting, applied without a restart (issue 14)",
  "DELETE admin/settings/{key}": "an administrator removes a setting they added (issue 14)",
  "GET companies/{company}/admin":
    "aziende/dettaglio shows every field, the code and every platform service to administrators (issue 14)",
  "GET companies/healthservices/import/template": "the health-service import's downloadable template (issue 14)",
  "PUT utilities/aslinfo/admin/{codice}": "administrators correct an ASL's name or site without a deploy (issue 14)",
  "POST utilities/aslinfo/admin/merge": "administrators record an ASL merger such as Liguria 2026 (issue 14)",
  "PUT utilities/aslinfo/admin/{codice}/companies/{company}": "a company is linked to its ASL (issue 14)",
  "DELETE utilities/aslinfo/admin/{codice}/companies/{company}": "a company's ASL link is removed (issue 14)",
  "GET admin/reports":
    "the reports page's external dashboards (REPORTS_EMBED_URL_1…3) and regions (spec 002 §2 admin reports, issue 14)",
  "GET admin/reports/registrations":
    "dashboard 1 of admin reports drawn natively from the rollups: registrations, services (issue 14)",
  "GET admin/reports/growth": "dashboard 2 of admin reports: growth of enrolled users by region (issue 14)",
  "GET admin/reports/activity": "dashboard 3 of admin reports: citizen activity and returns within 30 days (issue 14)",
  "GET exams/{id}":
    "the GET of spec 002 §7 'Exams CRUD' for one parameter: its default bands for the administrators' form (GET exams, the public list, carries none; issue 14)",
  "GET health": "liveness and database check for load balancers",
  "GET survey-sessions/{id}":
    "one session for the administrator's sessioni page and the builder (the spec names only the company's own, issue 13)",
  "GET activities/surveys/draft/{id}":
    "save and resume: the citizen's draft of a survey, resumed on any device (issue 13 Beyond the spec)",
  "PUT activities/surveys/draft/{id}": "save and resume: each Next saves the draft (issue 13 Beyond the spec)",
  "DELETE activities/surveys/draft/{id}": "save and resume: the citizen discards a draft to start over (issue 13)",
  "GET teleconsult/room/{id}":
    "the call's state for a member: window, deadline, ICE servers with short-lived TURN credentials (issue 10 signalling)",
  "POST teleconsult/room/{id}/end": "'Termina': either party ends the teleconsultation early (spec 001 §4, issue 10)",
  "POST teleconsult/room/{id}/guests": "the operator invites a guest by single-use link (issue 10 Beyond the spec)",
  "POST teleconsult/room/{id}/guests/{guest}/admit": "the operator admits the waiting guest (issue 10 Beyond the spec)",
  "POST teleconsult/guest/{token}/open": "a guest opens the single-use link, no account (issue 10 Beyond the spec)",
  "POST teleconsult/guest/state":
    "a guest asks, with the socket token, whether they were admitted: a socket opened after the admission missed its push (issue 10)",
  "GET push/key": "the VAPID public key a page subscribes with (issue 12 Web Push)",
  "POST users/bots/link":
    "a Telegram or WhatsApp deep link with a single-use linking token (issue 12 Bots: 'linking by deep link'); kept out of GET users/bots/access so that reading the list mints nothing",
  "POST bots/telegram/webhook": "Telegram's webhook, secret-token header checked (issue 12 Bots)",
  "POST bots/whatsapp/webhook": "WhatsApp Cloud API's webhook, X-Hub-Signature-256 checked (issue 12 Bots)",
  "GET bots/whatsapp/webhook": "WhatsApp Cloud API's subscription handshake (hub.challenge; issue 12 Bots)",
  "POST utilities/contatti":
    "the public home's contact form whose messages users/contatti/pubblici lists (issue 14; the spec shows no path)",
  "POST admin/manuals":
    "administrators register a manual with its PDF (spec 001 §3 Manual: 'registered by administrators', issue 12)",
  "DELETE admin/manuals/{id}": "administrators remove a manual (issue 12 settings page)",
  "POST admin/videos": "administrators register a video tutorial with its mp4 (spec 001 §3 Downloadables, issue 12)",
  "DELETE admin/videos/{id}": "administrators remove a video tutorial (issue 12 settings page)",
  "GET admin/popup-questions":
    "administrators list the popup questions with their answers on the settings page (issue 12; the spec names no call)",
  "POST admin/popup-questions": "administrators write a popup question (issue 12 'administrators write them')",
  "PUT admin/popup-questions/{id}": "administrators change a popup question or its active period (issue 12)",
  "DELETE admin/popup-questions/{id}": "administrators remove a popup question and its answers (issue 12)",
  "GET users/own/chatbot/code": "the chat-bot code call the spec names without a path (issue 12)",
  "GET users/own/reminders": "reminder preferences (issue 12 'Beyond the spec')",
  "PUT users/own/reminders": "reminder preferences (issue 12 'Beyond the spec')",
  "POST dev/reminders/run":
    "development only: the reminders job on a test clock, for the journeys (absent in production)",
  "POST dev/suspensions/run":
    "development only: the job lifting ended suspensions on a test clock, for the journeys (an administrator; absent in production)",
  "POST reminders/respond":
    "a reminder's signed single-use 'Confermo' / 'Non posso venire' link (issue 12 'Beyond the spec')",
  "DELETE anamnesi/{id}": "the author removes a wrong anamnesis entry (issue 11; the spec lists only GET and POST)",
  "GET clinicalreports":
    "the reports of a patient or of the company (discharge filter: pazienti/referti/dimissioni), and the person's own (issue 11)",
  "GET clinicalreports/{id}/file": "download a report; the person's first download marks it 'scaricato' (issue 11)",
  "GET clinicalreports/settings": "whether the company requires a one-time code to sign, and may upload (issue 11)",
  "PUT clinicalreports/settings":
    "the company requires (or not) the one-time code before signing (spec 001 §4 Reports: 'where the facility requires it')",
  "GET patientarchives/{id}/file": "download a health-file document, the read logged for the person (issue 11)",
  "GET users/own/healthreads": "'Chi ha consultato i miei dati' (issue 11, beyond the spec)",
  "GET users/own/fhir/ips": "the FHIR R4 International Patient Summary export (issue 11, beyond the spec)",
  "POST activities/irst/farmaco":
    "IRST: the patient (or a consented caregiver) adds a drug of the catalogue to the reconciliation; the spec lists the list, delete and novar calls but no add (issue 13)",
  "POST activities/irst/altro": "IRST: adds another product (supplement, herbal…) to the reconciliation (issue 13)",
  "DELETE activities/irst/farmaco/{id}": "the proper verb beside the spec's GET activities/irst/farmaco/delete/{id}",
  "DELETE activities/irst/altro/{id}": "the proper verb beside the spec's GET activities/irst/altro/delete/{id}",
  "PATCH therapies/{hashid}/state":
    "suspend and resume a therapy after confirmation (spec 001 §4 Therapy states; the spec names the states, not the call)",
  "GET therapies/{hashid}/intakes": "the scheduled intakes of a therapy and their marks (issue 11 Adherence)",
  "POST therapies/{hashid}/intakes": "the patient or caregiver marks a scheduled intake 'Assunta' (issue 11 Adherence)",
  "PUT therapies/{hashid}/adherence": "an operator overrides the adherence index (issue 11 Adherence)",
  "DELETE exams/measurements/{id}": "the proper verb beside the spec's GET exams/measurements/delete/{id} (issue 11)",
  "POST wearabledevices/users/measurements/import/{id}":
    "issue 11's device gateway, real path: an operator imports the device vendor's CSV export of a patient's device",
  "POST familymembers/caregiver/healthdata":
    "the assisted person grants or withdraws 'gestione dati sanitari' to an enabled caregiver (spec 001 §6): the spec names the consent but no call; approve/disapprove only enable and disable",
  "GET users/own/reservations/counts":
    "the counts beside the citizen's list tabs (spec 001 §4 pending, confirmed, history) in one grouped query, while the tab's list pages on the server",
  "GET companies/own/reservations/frequencies":
    "the operator's recall section lists the company's recurring reservations; the spec lists them only by user",
  "GET dev/outbox": "the development outbox of e-mails and SMS (absent in production)",
  "POST companies/own/documenttemplates":
    "the operator's templates page creates a company template (issue 10 documents); the spec lists only GET companies/own/documenttemplates",
  "PUT companies/own/documenttemplates/{id}":
    "the operator's templates page edits a company template (issue 10 documents); the spec lists only the read",
  "GET dev/load": "event-loop delay and pool queue read by npm run fault:slow (absent in production)",
  "GET notifications":
    "the notification centre (spec 001 §2 screen 22): the spec names the screen but no call; paged, with the unread count",
  "POST notifications/read":
    "the notification centre marks unread notifications read 1 s after it opens (listed ids, or all)",
  "GET email/verify/{userHashid}/{expires}/{signature}": "the signed link of the verification e-mail",
  "DELETE users/profile": "the proper verb beside the spec's GET users/profile/delete",
  "DELETE users/profile/picture": "the proper verb beside the spec's GET users/profile/picture/delete",
  "GET auth/{provider}/start": "SPID/CIE sign-in: redirects to the identity provider (spec 000 §2.3)",
  "GET auth/{provider}/callback": "SPID/CIE: the identity provider's return, on to /login/{provider} (spec 000 §2.5)",
  "GET utilities/prefissi": "telephone prefixes of the registration form (spec 000 §3 Prefix entry)",
  "DELETE companies/own/profile/picture": "the proper verb beside the spec's GET companies/own/profile/picture/delete",
  "GET services/own/openings/{hash}":
    "reading a platform service's own weekly hours beside the spec's POST, so the settings page can show and clear them",
  "DELETE prohibidates/{hashid}":
    "removing a closure: the spec lists GET, POST and PUT prohibidates/{hashid} only, and an operator must be able to undo one",
  "POST reservations/company/noshow/{hash}":
    "'Non presentato' beside the spec's close (evaso): a past confirmed booking the citizen missed (issue 12 'Beyond the spec')",
  "POST reservations/company/confirm/{id}":
    "the proper verb beside the spec's GET reservations/company/confirm/{id}: confirming changes a booking",
  "GET reservations/history/{id}":
    "a booking's history for the operator's detail page (spec 001 §3 booking request; the spec names no call for it)",
  "POST reservations/company/confirmCR/{id}":
    "the proper verb beside the spec's GET reservations/company/confirmCR/{id}: confirming changes a booking",
  "POST reservations/handled/{id}":
    "the proper verb beside the spec's GET reservations/handled/{id}: taking charge is recorded in the history",
  "GET companies/own/patients/{id}":
    "the patient card's data (spec 002 §2 pazienti/scheda/{hash}); the spec names the screen but no call for it",
  "POST companies/own/patients/{id}/reservations":
    "an operator books for a patient, also a past visit (spec 001 §2 pazienti/{hash}/prenotazioni/nuovo/{tipo}, §5, §6); the spec names no call",
  "POST companies/own/patients/{id}/orders":
    "the pharmacy records a product order for a patient (spec 001 §2 pazienti/ordine/{hash}); the spec names no call",
  "GET companies/own/appointments":
    "the ASL appointments list (spec 001 §2 appuntamenti/lista, service ref 5): bookings of the company's ref-5 services",
  "POST companies/operators/{hash}/enable":
    "spec 002 §4 'an administrator can enable an operator account after confirmation': a company administrator ('gestire operatori') lets in someone who registered with the company code; the spec names no call",
  "POST companies/operators/{hash}/refuse":
    "the other answer to a request to join (spec 002 §4): the person is told and never gets access; the spec names no call",
  "POST companies/operators/{hash}/admin/enable":
    "a platform administrator enables an operator waiting to join any company (spec 002 §4, §6 'assign operator to company'), beside the spec's companies/operators/{id}/admin/change-role",
  "POST companies/operators/{hash}/admin/refuse":
    "a platform administrator refuses a request to join any company (spec 002 §4), beside the spec's companies/operators/{id}/admin/change-role",
  "GET teleconsults/own":
    "the citizen's list of own teleconsultations (spec 001 §2 teleconsulti, issue 10); the spec names the screen but no call",
  "GET teleconsults/{hash}":
    "the teleconsultation preview (spec 001 screen 17: start, end, timer) for its citizen or an operator of its company; the spec names no call",
  "GET teleconsults/company/{kind}":
    "the operator's sections rapido, pediatrico, specialistico (spec 002 §2 teleconsulto/{section}): the company's queue and history; the spec names no call",
  "GET teleconsults/admin":
    "the administrator's read-only teleconsultation list (issue 10, admin teleconsulto); the spec names no call",
  "GET teleconsults/specialist/services":
    "the health services a citizen books as a specialist teleconsultation (spec 001 §2 teleconsulti/nuovo/specialistico, ref 2) through the wizard's POST reservations; the spec names no call",
};

interface SpecRoute {
  module: string;
  method: string;
  path: string;
}

function specRoutes(): SpecRoute[] {
  const lines = readFileSync(new URL("./fixtures/routes.tsv", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1);
  return lines
    .map((line) => line.split("\t"))
    .filter(([, method, path]) => method && path && path !== "?")
    .map(([module, method, path]) => ({ module: module as string, method: method as string, path: path as string }));
}

/** users/{id} and /api/v1/users/{userId} are the same call. */
const key = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/^\/?(api\/v1\/)?/, "")
    .replace(/\/$/, "")
    .replace(/\{[^}]*\}/g, "{}")}`;

let t: TestContext;
let served: Set<string>;
beforeAll(async () => {
  t = await createTestContext();
  served = new Set((await operationsOf(t)).map((op) => key(op.method, op.path)));
});
afterAll(() => t.close());

describe("contract coverage", () => {
  it("prints, per module, how many of the spec's calls are served", () => {
    const byModule = new Map<string, { served: number; total: number }>();
    for (const route of specRoutes()) {
      const entry = byModule.get(route.module) ?? { served: 0, total: 0 };
      entry.total += 1;
      if (served.has(key(route.method, route.path))) entry.served += 1;
      byModule.set(route.module, entry);
    }
    const lines = [...byModule.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, { served: n, total }]) => `  ${module.padEnd(14)} ${String(n).padStart(3)} / ${total}`);
    const total = [...byModule.values()].reduce((sum, m) => sum + m.served, 0);
    console.log(`Spec calls served per module (${total} in all):\n${lines.join("\n")}`);
    expect(byModule.size).toBeGreaterThan(10);
    for (const module of COMPLETE_MODULES) {
      const entry = byModule.get(module);
      expect(entry?.served, `module ${module} is declared complete`).toBe(entry?.total);
    }
  });

  it("serves no call outside the spec except the declared extras", () => {
    const spec = new Set(specRoutes().map((r) => key(r.method, r.path)));
    const extras = new Set(
      Object.keys(EXTRA_ROUTES).map((k) => key(k.split(" ")[0] as string, k.split(" ")[1] as string)),
    );
    const unknown = [...served].filter((k) => !spec.has(k) && !extras.has(k));
    expect(unknown).toEqual([]);
  });
});

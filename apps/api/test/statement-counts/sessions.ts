import {
  filledSurveySessions,
  surveySessionCompanies,
  surveySessionSurveys,
  surveySessions,
} from "../../src/modules/sessions/tables.ts";
import {
  surveyActivities,
  surveyActivityCompanies,
  surveyCompanies,
  surveys,
} from "../../src/modules/surveys/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

const template = { nome: "Conteggio", domande: [{ q: "Stai bene?", o: ["Sì", "No"], cb: false, r: true }] };
const TYPES = ["in_chiaro", "pseudonimizzata", "anonima"] as const;

/**
 * Survey sessions (issue 13): the demo pharmacy's sessions, each over two surveys, and Maria's
 * in-clear compilations of the first (started by the pharmacy's administrator, no fill yet: a fill
 * about Maria at the pharmacy would also grow the surveys module's lists of her fills). The
 * sessions' surveys are the platform's, enabled for no company, so that no survey list grows with
 * them; the surveys a manager may put in a session are the monitoring room's own pool.
 */
export const sessionsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, pharmacyId, citizenId, adminOperatorId } = env;
    const db = () => t.database.db;
    const roomId = () => ids.decode(env.roomHashid) as number;
    let sessionSurveys: number[] | null = null;
    let firstSession: number | null = null;
    let roomActivity: number | null = null;
    const noSeed = async () => {};

    const platformSurveys = async () => {
      if (sessionSurveys) return sessionSurveys;
      const [activity] = await db()
        .insert(surveyActivities)
        .values({ companyId: null, name: `Sessioni ${env.next()}` })
        .returning({ id: surveyActivities.id });
      const rows = await db()
        .insert(surveys)
        .values(
          [1, 2].map(() => ({
            activityId: (activity as { id: number }).id,
            name: `Questionario di sessione ${env.next()}`,
            template,
          })),
        )
        .returning({ id: surveys.id });
      sessionSurveys = rows.map((r) => r.id);
      return sessionSurveys;
    };

    return [
      {
        route: "/api/v1/survey-sessions",
        url: () => "survey-sessions?per_page=50",
        as: () => people.admin,
        seed: async (n) => {
          const surveyIds = await platformSurveys();
          const created = await db()
            .insert(surveySessions)
            .values(
              Array.from({ length: n }, (_, i) => ({
                companyId: pharmacyId,
                name: `Sessione ${env.next()}`,
                type: firstSession === null ? ("in_chiaro" as const) : TYPES[i % TYPES.length],
                allowedRoles: ["amministratore", "farmacista"],
                signatureRequired: i % 2 === 0,
                createdBy: adminOperatorId,
              })),
            )
            .returning({ id: surveySessions.id });
          await db()
            .insert(surveySessionSurveys)
            .values(
              created.flatMap((s) => surveyIds.map((surveyId, position) => ({ sessionId: s.id, surveyId, position }))),
            );
          await db()
            .insert(surveySessionCompanies)
            .values(created.map((s) => ({ sessionId: s.id, companyId: pharmacyId, enabled: true })));
          firstSession ??= created[0]?.id ?? null;
        },
      },
      {
        route: "/api/v1/companies/own/survey-sessions",
        url: () => "companies/own/survey-sessions?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
      {
        route: "/api/v1/filled-survey-sessions",
        url: () => "filled-survey-sessions?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: async (n) => {
          await db()
            .insert(filledSurveySessions)
            .values(
              Array.from({ length: n }, () => ({
                sessionId: firstSession as number,
                companyId: pharmacyId,
                patientId: citizenId,
                operatorId: adminOperatorId,
              })),
            );
        },
      },
      {
        route: "/api/v1/survey-sessions/{id}/filled-sessions",
        url: () => `survey-sessions/${ids.encode(firstSession as number)}/filled-sessions?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
      {
        route: "/api/v1/companies/own/filled-survey-sessions/user/{id}",
        url: () => `companies/own/filled-survey-sessions/user/${ids.encode(citizenId)}?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
      {
        route: "/api/v1/users/own/filled-survey-sessions",
        url: () => "users/own/filled-survey-sessions?per_page=50",
        as: () => people.citizen,
        seed: noSeed,
      },
      {
        route: "/api/v1/survey-sessions/available-surveys",
        url: () => "survey-sessions/available-surveys?per_page=50",
        as: () => people.roomAdmin,
        seed: async (n) => {
          if (roomActivity === null) {
            const [activity] = await db()
              .insert(surveyActivities)
              .values({ companyId: roomId(), name: `Raccolta della centrale ${env.next()}` })
              .returning({ id: surveyActivities.id });
            roomActivity = (activity as { id: number }).id;
            await db()
              .insert(surveyActivityCompanies)
              .values({ activityId: roomActivity, companyId: roomId(), enabled: true });
          }
          const activityId = roomActivity;
          const created = await db()
            .insert(surveys)
            .values(Array.from({ length: n }, () => ({ activityId, name: `Questionario ${env.next()}`, template })))
            .returning({ id: surveys.id });
          await db()
            .insert(surveyCompanies)
            .values(created.map((s) => ({ surveyId: s.id, companyId: roomId(), enabled: true })));
        },
      },
    ];
  },
};

import { healthServices } from "../../src/modules/companies/tables.ts";
import {
  filledSurveys,
  healthServiceSurveys,
  surveyActivities,
  surveyActivityCompanies,
  surveyCompanies,
  surveys,
} from "../../src/modules/surveys/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

const template = { nome: "Conteggio", domande: [{ q: "Stai bene?", o: ["Sì", "No"], cb: false, r: true }] };

/**
 * Surveys (issue 13): the pharmacy's activities, each with one survey enabled for it, and the fills of
 * the first survey (Maria's, kept by the pharmacy). One seeder per pool, the other routes of the pool
 * read what it added.
 */
export const surveysRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, ids, pharmacyId, citizenId } = env;
    const db = () => t.database.db;
    let firstSurvey: number | null = null;
    let firstActivity: number | null = null;
    const noSeed = async () => {};
    return [
      {
        route: "/api/v1/activities",
        url: () => "activities?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: async (n) => {
          const activities = await db()
            .insert(surveyActivities)
            .values(Array.from({ length: n }, () => ({ companyId: pharmacyId, name: `Raccolta ${env.next()}` })))
            .returning({ id: surveyActivities.id });
          await db()
            .insert(surveyActivityCompanies)
            .values(activities.map((a) => ({ activityId: a.id, companyId: pharmacyId, enabled: true })));
          const created = await db()
            .insert(surveys)
            .values(activities.map((a) => ({ activityId: a.id, name: `Questionario ${env.next()}`, template })))
            .returning({ id: surveys.id });
          await db()
            .insert(surveyCompanies)
            .values(created.map((s) => ({ surveyId: s.id, companyId: pharmacyId, enabled: true })));
          firstSurvey ??= created[0]?.id ?? null;
          firstActivity ??= activities[0]?.id ?? null;
        },
      },
      {
        route: "/api/v1/companies/own/activities/with-surveys",
        url: () => "companies/own/activities/with-surveys?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
      {
        route: "/api/v1/activities/own/surveys",
        url: () => "activities/own/surveys?per_page=50",
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
      {
        route: "/api/v1/activities/surveys/filled/all/{hash}",
        url: () => `activities/surveys/filled/all/${ids.encode(firstSurvey as number)}?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: async (n) => {
          await db()
            .insert(filledSurveys)
            .values(
              Array.from({ length: n }, () => ({
                surveyId: firstSurvey as number,
                surveyVersion: 1,
                template,
                answers: ["Sì"],
                userId: citizenId,
                filledBy: citizenId,
                companyId: pharmacyId,
              })),
            );
        },
      },
      {
        route: "/api/v1/activities/surveys/filled/activity/{hash}",
        url: () => `activities/surveys/filled/activity/${ids.encode(firstActivity as number)}?per_page=50`,
        as: () => people.admin,
        seed: noSeed,
      },
      {
        route: "/api/v1/companies/connessa/surveys/{company}",
        url: () => `companies/connessa/surveys/${env.pharmacyHashid}?per_page=50`,
        as: () => people.citizen,
        seed: async (n) => {
          const services = await db()
            .insert(healthServices)
            .values(Array.from({ length: n }, () => ({ companyId: pharmacyId, name: `Prestazione ${env.next()}` })))
            .returning({ id: healthServices.id });
          await db()
            .insert(healthServiceSurveys)
            .values(
              services.map((s) => ({ healthServiceId: s.id, companyId: pharmacyId, surveyId: firstSurvey as number })),
            );
        },
      },
      {
        route: "/api/v1/activities/surveys/filled/user/{id}",
        url: () => `activities/surveys/filled/user/${ids.encode(citizenId)}?per_page=50`,
        as: () => people.pharmacyAdmin,
        seed: noSeed,
      },
    ];
  },
  notSeeded: {
    "/api/v1/activities/abilitate/list/{hash}":
      "one row per company an activity is enabled for: the suite's world has too few companies to grow it to 50",
  },
};

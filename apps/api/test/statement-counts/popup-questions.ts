import { popupAnswers, popupQuestions } from "../../src/modules/notifications/popup-questions/tables.ts";
import { addDays, zonedDate } from "../../src/platform/zoned-time.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/**
 * Popup questions (issue 12): live questions the citizen has not answered, the citizen's answers, and
 * the administrators' list with each question's number of answers. The first route's seeder adds the
 * questions (and the citizen's answers to half of the next pool), the others read them.
 */
export const popupQuestionsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => {
    const { t, people, citizenId } = env;
    const db = () => t.database.db;
    const today = () => zonedDate(Date.now(), "Europe/Rome");
    const questions = (n: number, title = "Domanda", active = true) =>
      db()
        .insert(popupQuestions)
        .values(
          Array.from({ length: n }, () => ({
            title: `${title} ${env.next()}`,
            active,
            options: ["Sì", "No"],
            activeFrom: addDays(today(), -1),
            activeTo: addDays(today(), 1),
          })),
        )
        .returning({ id: popupQuestions.id });
    return [
      {
        route: "/api/v1/users/popup/questions/unanswered",
        url: () => "users/popup/questions/unanswered",
        as: () => people.citizen,
        seed: async (n) => void (await questions(n)),
      },
      {
        route: "/api/v1/users/popup/answers",
        url: () => "users/popup/answers?per_page=50",
        as: () => people.citizen,
        seed: async (n) => {
          const rows = await questions(n);
          await db()
            .insert(popupAnswers)
            .values(rows.map((row) => ({ questionId: row.id, userId: citizenId, response: ["Sì"] })));
        },
      },
      {
        route: "/api/v1/admin/popup-questions",
        // Found by their title among the other routes' questions; inactive, so no citizen list grows.
        url: () => "admin/popup-questions?q=Conteggio&per_page=50",
        as: () => people.admin,
        // Each question's number of answers comes in the same statement (a subquery per row).
        seed: async (n) => void (await questions(n, "Conteggio", false)),
      },
    ];
  },
};

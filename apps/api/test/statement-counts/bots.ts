import { botAccesses } from "../../src/modules/notifications/bots/tables.ts";
import type { Measured, RouteSet, SeedEnv } from "./types.ts";

/** Bot access (issue 12): the citizen's linked messenger chats. */
export const botsRoutes: RouteSet = {
  routes: (env: SeedEnv): Measured[] => [
    {
      route: "/api/v1/users/bots/access",
      url: () => "users/bots/access?per_page=50",
      as: () => env.people.citizen,
      seed: async (n) =>
        void (await env.t.database.db.insert(botAccesses).values(
          Array.from({ length: n }, () => ({
            userId: env.citizenId,
            messenger: "TG" as const,
            chatId: String(env.next()),
            botUsername: "cura_dev_bot",
          })),
        )),
    },
  ],
};

import { REMINDER_DEFAULTS } from "@cura/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
// Seed code (start-up and journeys only): the demo citizen is found by their e-mail.
import { users } from "../../identity/tables.ts";
import { reminderPreferences } from "../tables.ts";
import { botAccesses } from "./tables.ts";

/** The demo citizen's Telegram chat: the loopback messenger writes to `telegram:<chat>` in the dev outbox. */
export const DEMO_BOT = { email: "giuseppe.bianchi@cura.demo", chatId: "900000001", botUsername: "cura_dev_bot" };

/**
 * Giuseppe Bianchi has linked Telegram and chosen it for his reminders beside the default e-mail and
 * push (issue 12), so the Promemoria page shows a linked bot after `npm start` and his reminders
 * reach the dev outbox's `telegram:900000001`. Idempotent: the chat's link and the preferences are
 * each one row.
 */
export async function seedDemoBots(db: Database): Promise<void> {
  const [citizen] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_BOT.email));
  if (!citizen) return;
  await db
    .insert(botAccesses)
    .values({ userId: citizen.id, messenger: "TG", chatId: DEMO_BOT.chatId, botUsername: DEMO_BOT.botUsername })
    .onConflictDoNothing();
  await db
    .insert(reminderPreferences)
    .values({
      userId: citizen.id,
      channels: [...REMINDER_DEFAULTS.channels, "bot"],
      leads: [...REMINDER_DEFAULTS.leads],
      kinds: [...REMINDER_DEFAULTS.kinds],
    })
    .onConflictDoNothing();
}

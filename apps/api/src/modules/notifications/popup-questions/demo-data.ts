import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
import { popupQuestions } from "./tables.ts";

/** The demo popup question, live for a year from the day the demo world is made. */
export const DEMO_POPUP_QUESTION = {
  title: "Come ti trovi con Cura?",
  description: "Una domanda veloce per migliorare il servizio: scegli la risposta che ti descrive meglio.",
  options: ["Molto bene", "Bene", "Così così", "Male"],
  multiple: false,
} as const;

/**
 * One active popup question for citizens (issue 12): every demo citizen sees it once after signing
 * in, until they answer it. Added once.
 */
export async function seedDemoPopupQuestions(db: Database): Promise<void> {
  const existing = await db
    .select({ id: popupQuestions.id })
    .from(popupQuestions)
    .where(eq(popupQuestions.title, DEMO_POPUP_QUESTION.title))
    .limit(1);
  if (existing.length > 0) return;
  const today = zonedDate(Date.now(), "Europe/Rome");
  await db.insert(popupQuestions).values({
    ...DEMO_POPUP_QUESTION,
    options: [...DEMO_POPUP_QUESTION.options],
    activeFrom: today,
    activeTo: addDays(today, 365),
    active: true,
  });
}

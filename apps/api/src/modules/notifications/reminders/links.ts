import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed links of a reminder: `<send id>.<c|a>.<signature>`. The signature binds the reminder and
 * the answer with the application secret, so a link cannot be forged or turned into the other answer;
 * single use is the reminder row's own (answered once).
 */
export type ReminderAnswer = "confermo" | "annullo";
const CODES: Record<ReminderAnswer, string> = { confermo: "c", annullo: "a" };

function signature(secret: string, id: number, code: string): string {
  return createHmac("sha256", secret).update(`reminder:${id}:${code}`).digest("base64url").slice(0, 22);
}

export function reminderToken(secret: string, id: number, answer: ReminderAnswer): string {
  const code = CODES[answer];
  return `${id}.${code}.${signature(secret, id, code)}`;
}

export function readReminderToken(secret: string, token: string): { id: number; answer: ReminderAnswer } | null {
  const match = /^(\d{1,12})\.([ca])\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, idText, code, given] = match as unknown as [string, string, string, string];
  const id = Number(idText);
  const expected = Buffer.from(signature(secret, id, code));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return { id, answer: code === "c" ? "confermo" : "annullo" };
}

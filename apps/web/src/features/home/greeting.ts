import type { TKey } from "../../lib/i18n.ts";

/** 'Buongiorno' before 13:00, 'Buon pomeriggio' before 18:00, then 'Buonasera'. */
export function greetingKey(now: Date = new Date()): TKey {
  const hour = now.getHours();
  if (hour < 13) return "home.greeting.morning";
  if (hour < 18) return "home.greeting.afternoon";
  return "home.greeting.evening";
}

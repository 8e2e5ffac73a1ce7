import { DomainError, LIMITS } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import * as credentials from "./credentials-repository.ts";

export const LOGIN_THROTTLE_MESSAGE =
  "Troppe richieste errate. Richiedi il recupero password oppure contatta l'assistenza";

const WINDOW_MINUTES = LIMITS.failedLogins.windowMinutes;
/** Spec 000 §9: 3 failed logins in 5 minutes for one account. */
const PER_ACCOUNT = LIMITS.failedLogins.attempts;
/**
 * One client address may fail more often (a family or an office behind one address), but not
 * without limit: this slows down spraying one password over many accounts.
 */
export const PER_ADDRESS = 20;

/**
 * The account a sign-in attempt is about. An existing account is keyed by its id, so e-mail and
 * username share one counter; an unknown identifier gets its own key and is throttled just the
 * same, so that a 429 never tells whether an account exists.
 */
export function accountKey(user: { id: number } | null, login: string): string {
  return user ? userKey(user.id) : `login:${login.trim().toLowerCase()}`;
}

export const userKey = (userId: number): string => `user:${userId}`;

/** Which limit an attempt is over, if any. */
export async function throttledBy(db: Executor, key: string, ip: string | null): Promise<"account" | "address" | null> {
  const counts = await credentials.countRecentFailures(db, key, ip, WINDOW_MINUTES);
  if (counts.account >= PER_ACCOUNT) return "account";
  if (counts.address >= PER_ADDRESS) return "address";
  return null;
}

export const recordFailure = (db: Executor, key: string, ip: string | null) =>
  credentials.insertFailure(db, key, ip, WINDOW_MINUTES);

/** A successful sign-in or password reset clears the account's count (never the address's). */
export const clearFailures = (db: Executor, key: string) => credentials.deleteFailures(db, key);

export const throttledError = () => new DomainError("throttled", { message: LOGIN_THROTTLE_MESSAGE });

import { createHash } from "node:crypto";
import { DomainError, LIMIT_MESSAGES, LIMITS, throttled } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import { type LimitRule, release, reserve, reserveAll, reset, type Slot } from "../../platform/limiter/limiter.ts";

export const LOGIN_THROTTLE_MESSAGE =
  "Troppe richieste errate. Richiedi il recupero password oppure contatta l'assistenza";

/**
 * The account a sign-in attempt is about. An existing account is keyed by its id, so e-mail and
 * username share one counter; an unknown identifier gets its own key and is throttled just the
 * same, so that a 429 never tells whether an account exists. The identifier is kept only as a
 * digest: people type passwords into the wrong field.
 */
export function accountKey(user: { id: number } | null, login: string): string {
  if (user) return userKey(user.id);
  return `login:unknown:${createHash("sha256").update(login.trim().toLowerCase()).digest("hex")}`;
}

export const userKey = (userId: number): string => `login:user:${userId}`;

/** Spec 000 §9: 3 failed sign-ins in 5 minutes for one account. */
const perAccount = (key: string): LimitRule => ({
  key,
  limit: LIMITS.failedLogins.attempts,
  windowSeconds: LIMITS.failedLogins.windowMinutes * 60,
});
/**
 * One client address may fail more often (a family or an office behind one address), but not
 * without limit: this slows down spraying one password over many accounts.
 */
const perAddress = (ip: string): LimitRule => ({
  key: `login:address:${ip}`,
  limit: LIMITS.failedLoginsPerAddress.attempts,
  windowSeconds: LIMITS.failedLoginsPerAddress.windowMinutes * 60,
});

export type Attempt =
  | { allowed: true; slots: Slot[] }
  | { allowed: false; limit: "account" | "address"; retryAfterSeconds: number };

/**
 * Takes a failure slot of the account and of the address *before* the password is checked: the
 * attempt counts as a failure unless `forgive` gives it back. Checking first and recording after
 * the (slow) password check let a burst of guesses all be checked; reserved, exactly the limit is.
 * A refused attempt takes no slot, so retrying while throttled does not extend the wait.
 */
export async function reserveAttempt(db: Executor, key: string, ip: string | null): Promise<Attempt> {
  const rules = ip ? [perAccount(key), perAddress(ip)] : [perAccount(key)];
  const reserved = await reserveAll(db, rules);
  if (reserved.allowed) return { allowed: true, slots: reserved.slots };
  return {
    allowed: false,
    limit: reserved.refused === 0 ? "account" : "address",
    retryAfterSeconds: reserved.retryAfterSeconds,
  };
}

/** The password was right: the attempt was not a failure, on either count. */
export const forgive = (db: Executor, slots: Slot[]) => release(db, slots);

/** A successful sign-in or password reset clears the account's count (never the address's). */
export const clearFailures = (db: Executor, key: string) => reset(db, key);

export const throttledError = (retryAfterSeconds?: number) =>
  new DomainError("throttled", { message: LOGIN_THROTTLE_MESSAGE, retryAfterSeconds });

/**
 * Every way of registering (form, SPID or CIE completion) takes one attempt of the client address
 * before anything is checked, whatever the outcome: "already registered" cannot list accounts at
 * speed, and accounts cannot be created in bulk.
 */
export async function reserveRegistration(db: Executor, ip: string): Promise<void> {
  const slot = await reserve(db, {
    key: `register:address:${ip}`,
    limit: LIMITS.registrationsPerAddress.attempts,
    windowSeconds: LIMITS.registrationsPerAddress.windowMinutes * 60,
  });
  if (!slot.allowed) throw throttled(LIMIT_MESSAGES.registrations, slot.retryAfterSeconds);
}

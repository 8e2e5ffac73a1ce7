import { randomInt } from "node:crypto";
import {
  CARE_MESSAGES,
  fieldError,
  throttled,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  USER_CODE_WINDOW_SECONDS,
  USER_CODE_WRONG_LIMIT,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import { release, reserve } from "../../platform/limiter/limiter.ts";
import { addDays, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import * as repository from "./caregivers-repository.ts";

/**
 * The user code (spec 001 §3): a caregiver finds the assisted person by it. It lives until the end of
 * the day in Rome, so a code read aloud yesterday is worth nothing today; guessing one is kept
 * hopeless by 31^8 codes and at most USER_CODE_WRONG_LIMIT wrong tries an hour per caller.
 */

const ZONE = "Europe/Rome";

function newCode(): string {
  let code = "";
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** Midnight at the end of today in Rome: the code is valid strictly before it. */
function endOfRomeDay(now: number): Date {
  return new Date(zonedToInstant(addDays(zonedDate(now, ZONE), 1), "00:00", ZONE));
}

/** 23:59:59 of the code's day, as the client shows it. */
export const presentExpiry = (expiresAt: Date) => new Date(expiresAt.getTime() - 1000).toISOString();

/** `GET users/own/code`: today's code, made at the first request of the day. */
export async function ownCode(db: Executor, userId: number): Promise<{ code: string; expires_at: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await repository.currentCode(db, userId);
    if (existing) return { code: existing.code, expires_at: presentExpiry(existing.expiresAt) };
    try {
      const row = await repository.putCode(db, userId, newCode(), endOfRomeDay(Date.now()));
      if (row) return { code: row.code, expires_at: presentExpiry(row.expiresAt) };
    } catch (error) {
      // Another user holds the same code today: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("no free user code after 5 draws");
}

/**
 * The owner of a code, counting the caller's wrong tries: a slot is reserved before looking (so a
 * burst of parallel guesses gets exactly the limit) and given back when the code was right.
 */
export async function resolveCode(
  db: Executor,
  callerId: number,
  code: string,
): Promise<{ userId: number; name: string; surname: string }> {
  const slot = await reserve(db, {
    key: `user-code:wrong:${callerId}`,
    limit: USER_CODE_WRONG_LIMIT,
    windowSeconds: USER_CODE_WINDOW_SECONDS,
  });
  if (!slot.allowed) throw throttled(CARE_MESSAGES.codeThrottled, slot.retryAfterSeconds);
  const owner = await repository.ownerOfCode(db, code);
  if (!owner) throw fieldError("code", CARE_MESSAGES.codeUnknown);
  await release(db, slot.slot);
  return owner;
}

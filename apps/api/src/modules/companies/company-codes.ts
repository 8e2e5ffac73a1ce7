import { randomInt } from "node:crypto";
import { COMPANY_CODE_ALPHABET, LIMITS } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import { companies } from "./tables.ts";

/**
 * Company codes (spec 000 §3: 10 characters). The code is what lets someone ask to join a company
 * as its operator, so it must not be guessable: 10 symbols of Crockford's base32 drawn from the
 * operating system's CSPRNG (node:crypto randomInt, uniform), 50 bits. Even so it only lets a
 * person *ask*: a new operator waits for an administrator to enable them (operators.ts).
 */
export function newCompanyCode(): string {
  let code = "";
  for (let i = 0; i < LIMITS.companyCodeLength; i++)
    code += COMPANY_CODE_ALPHABET[randomInt(COMPANY_CODE_ALPHABET.length)];
  return code;
}

/** Draws before giving up: with 50 bits a second draw is already a curiosity. */
const ATTEMPTS = 5;

/**
 * Inserts a company with a fresh random code; a code already taken (the unique index) draws again.
 * ON CONFLICT on the code, not a caught error, so a clash does not abort the caller's transaction.
 */
export async function insertCompanyWithCode(
  db: Executor,
  values: Omit<typeof companies.$inferInsert, "code">,
): Promise<{ id: number; code: string }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(companies)
      .values({ ...values, code: newCompanyCode() })
      .onConflictDoNothing({ target: companies.code })
      .returning({ id: companies.id, code: companies.code });
    if (row) return row;
  }
  throw new Error("no free company code after several random draws");
}

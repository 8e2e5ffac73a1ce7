import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { anagrafiche, users } from "../tables.ts";

/**
 * Live accounts (not deleted) whose personal record carries this normalised tax code, disabled
 * ones included so that the sign-in can say the account is disabled. Enabled accounts first, then
 * citizens before operators and administrators, then the oldest.
 */
export async function findAccountsByTaxCode(db: Executor, cf: string) {
  return db
    .select({ user: users })
    .from(anagrafiche)
    .innerJoin(users, eq(users.id, anagrafiche.userId))
    .where(and(eq(anagrafiche.cf, cf), isNull(users.deletedAt)))
    .orderBy(sql`${users.disabledAt} is not null`, asc(users.type), asc(users.id))
    .limit(5);
}

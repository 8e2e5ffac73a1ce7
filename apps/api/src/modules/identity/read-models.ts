import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { anagrafiche, users } from "./tables.ts";

/** Read-only answers about a user that other modules' rules need (docs/architecture.md "Boundaries"). */

/** Whether the citizen's phone is verified and the anagrafica carries a number (bookings need it). */
export async function phoneVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ verifiedAt: users.numberVerifiedAt, tel: anagrafiche.telNumber })
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return Boolean(row?.verifiedAt && row.tel);
}

/** Whether the user is a citizen (type 0) whose account exists: an operator's patient. */
export async function isCitizen(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 0), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

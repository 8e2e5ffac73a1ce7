import { inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
// Read-only (.dependency-cruiser.cjs): the names beside health records, and the IPS's Patient.
import { anagrafiche } from "../../identity/tables.ts";

/** "Name Surname" of each user, in one statement. */
export async function namesOf(db: Executor, userIds: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ userId: anagrafiche.userId, name: anagrafiche.name, surname: anagrafiche.surname })
    .from(anagrafiche)
    .where(inArray(anagrafiche.userId, unique));
  return new Map(rows.map((r) => [r.userId, `${r.name} ${r.surname}`.trim()]));
}

export interface PersonFacts {
  name: string;
  surname: string;
  cf: string | null;
  gender: "maschile" | "femminile" | null;
  birthday: string | null;
}

/** What the IPS's Patient resource says about the person. */
export async function personFacts(db: Executor, userId: number): Promise<PersonFacts | null> {
  const [row] = await db
    .select({
      name: anagrafiche.name,
      surname: anagrafiche.surname,
      cf: anagrafiche.cf,
      gender: anagrafiche.gender,
      birthday: anagrafiche.birthday,
    })
    .from(anagrafiche)
    .where(inArray(anagrafiche.userId, [userId]));
  return row ? { ...row, birthday: row.birthday ? String(row.birthday) : null } : null;
}

import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { familyMembers } from "./tables.ts";

/**
 * Read models for other modules' queries: a family member's name beside a row of theirs (a booking
 * made for the member), as a scalar subquery on the member's key. The other module's list stays one
 * query (paged and sorted in SQL) and this module keeps its table's SQL. Null when the key is null.
 */

export function familyMemberName(familyMemberId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${familyMembers.name} from ${familyMembers} where ${familyMembers.id} = ${familyMemberId})`;
}

export function familyMemberSurname(familyMemberId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${familyMembers.surname} from ${familyMembers} where ${familyMembers.id} = ${familyMemberId})`;
}

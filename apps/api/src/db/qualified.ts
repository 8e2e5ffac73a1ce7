import { type AnyColumn, getTableName, type SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";

/**
 * A column written with its table (`"companies"."id"`), for a correlated subquery placed among a
 * select's fields. Drizzle writes the fields of a select from one table without their table
 * (`"id"`), and inside `(select count(*) from operators where operators.company_id = "id")` that
 * name binds to the subquery's own table: the count compares a row with itself. Where clauses
 * and selects with joins are written qualified and need none of this.
 */
export function qualified(column: AnyColumn): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}

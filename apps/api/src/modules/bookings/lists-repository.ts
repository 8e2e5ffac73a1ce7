import { count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "./tables.ts";

/** One citizen's bookings counted by kind and status: one grouped scan of the (user, start) index. */
export async function countsByKindAndStatus(
  db: Executor,
  userId: number,
): Promise<Array<{ kind: string; status: string; n: number }>> {
  return db
    .select({ kind: bookings.kind, status: bookings.status, n: count() })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .groupBy(bookings.kind, bookings.status);
}

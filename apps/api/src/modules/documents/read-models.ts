import { and, count, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { toBeSignedDocuments } from "./tables.ts";

/**
 * How many documents assigned to the booking are still unsigned. The teleconsult room refuses to
 * let the citizen join (409) while this is above zero (issue 10: joining needs every assigned
 * document signed). One indexed count (to_be_signed_documents_booking_idx).
 */
export async function unsignedDocumentCount(db: Executor, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(toBeSignedDocuments)
    .where(and(eq(toBeSignedDocuments.bookingId, bookingId), isNull(toBeSignedDocuments.signedAt)));
  return Number(row?.n ?? 0);
}

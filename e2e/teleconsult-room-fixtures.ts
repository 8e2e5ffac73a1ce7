import { eq } from "drizzle-orm";
import { loadConfig } from "../apps/api/src/config.ts";
import type { openDatabase } from "../apps/api/src/db/client.ts";
import { bookings } from "../apps/api/src/modules/bookings/tables.ts";
import { operators } from "../apps/api/src/modules/companies/tables.ts";
import { users } from "../apps/api/src/modules/identity/tables.ts";
import { teleconsults } from "../apps/api/src/modules/teleconsult/tables.ts";
import { createIds } from "../apps/api/src/platform/ids.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Booking hashids of quick teleconsultations taken in charge, one per journey of e2e/teleconsult-room. */
    teleconsultRoomCalls: { video: string; audio: string; guest: string };
  }
}

// Not Maria: e2e/teleconsult's first journey has her ask for a quick teleconsultation, which an open
// one of these would refuse (one open request per citizen and kind).
export const ROOM_CITIZEN = "giuseppe.bianchi@cura.demo";
export const ROOM_OPERATOR = "farmacia.operatore@cura.demo";

/**
 * Three quick teleconsultations of Giuseppe at Farmacia San Marco, taken in charge by its operator a
 * minute ago (the rows the request, the queue and taking charge write), so that the call journeys
 * start at the call itself: the request and the queue are e2e/teleconsult's.
 */
export async function teleconsultRoomFixtures(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
  const [citizen] = await db.select({ id: users.id }).from(users).where(eq(users.email, ROOM_CITIZEN));
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, ROOM_OPERATOR));
  if (!citizen || !operator) throw new Error("teleconsult room fixtures: demo accounts missing");
  const [membership] = await db.select().from(operators).where(eq(operators.userId, operator.id));
  if (!membership) throw new Error("teleconsult room fixtures: the operator has no company");
  const make = async (): Promise<string> => {
    const startAt = new Date(Date.now() - 60_000);
    const [row] = await db
      .insert(bookings)
      .values({
        companyId: membership.companyId,
        userId: citizen.id,
        kind: "teleconsulto",
        status: "confermato",
        startAt,
        endAt: new Date(startAt.getTime() + 15 * 60_000),
      })
      .returning({ id: bookings.id });
    const id = (row as { id: number }).id;
    await db.insert(teleconsults).values({
      bookingId: id,
      companyId: membership.companyId,
      userId: citizen.id,
      kind: "rapido",
      positionRef: 10,
      reason: "Febbre e mal di gola da due giorni",
      operatorId: operator.id,
      takenAt: startAt,
    });
    return ids.encode(id);
  };
  return { video: await make(), audio: await make(), guest: await make() };
}

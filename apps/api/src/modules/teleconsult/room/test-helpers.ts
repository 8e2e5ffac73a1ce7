import { CALL_LIMITS } from "@cura/domain";
import { eq, inArray } from "drizzle-orm";
import type { TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { createIds } from "../../../platform/ids.ts";
import { bookings } from "../../bookings/tables.ts";
import { operators } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";
import { teleconsults } from "../tables.ts";

const { encode } = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

export const CALL_CITIZEN = "maria.rossi@cura.demo";
export const CALL_OPERATOR = "farmacia.operatore@cura.demo";

/**
 * A quick (or specialist) teleconsultation of the demo citizen, taken in charge by the pharmacy's
 * operator unless `taken: false`: the rows the request and taking charge write (the teleconsult
 * module's own tests go through its routes; the call's tests start at the call).
 */
export async function makeCall(
  t: Pick<TestContext, "database">,
  options: { taken?: boolean; kind?: "rapido" | "specialistico"; startAt?: Date; endAt?: Date } = {},
): Promise<{ id: number; hashid: string }> {
  const db = t.database.db;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [CALL_CITIZEN, CALL_OPERATOR]));
  const citizenId = people.find((p) => p.email === CALL_CITIZEN)?.id as number;
  const operatorId = people.find((p) => p.email === CALL_OPERATOR)?.id as number;
  const [membership] = await db.select().from(operators).where(eq(operators.userId, operatorId));
  const companyId = (membership as { companyId: number }).companyId;
  const taken = options.taken !== false;
  const startAt = options.startAt ?? new Date(Date.now() - 60_000);
  const [booking] = await db
    .insert(bookings)
    .values({
      companyId,
      userId: citizenId,
      kind: "teleconsulto",
      status: taken ? "confermato" : "ricevuto",
      startAt: taken ? startAt : null,
      endAt: options.endAt ?? new Date(startAt.getTime() + CALL_LIMITS.durationMs),
    })
    .returning({ id: bookings.id });
  const id = (booking as { id: number }).id;
  await db.insert(teleconsults).values({
    bookingId: id,
    companyId,
    userId: citizenId,
    kind: options.kind ?? "rapido",
    positionRef: options.kind === "specialistico" ? 2 : 10,
    reason: "Febbre alta",
    operatorId: taken ? operatorId : null,
    takenAt: taken ? new Date() : null,
  });
  return { id, hashid: encode(id) };
}

import type { HealthReadSection } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { accessLog } from "../../platform/access-log/tables.ts";
import type { HealthSubject } from "./access.ts";

/** The access log's entity of a read of the health file's `section` ('Chi ha consultato i miei dati'). */
export const healthReadEntity = (section: HealthReadSection) => `health.${section}`;

/**
 * 'Chi ha consultato i miei dati' (issue 11): records that someone other than the person read their
 * health data, as a line of the platform's access log (docs/security.md "Access log": who, role,
 * company, what, whose, when). Call it ONCE per request that answers health data, after
 * `healthSubject` and before answering, and await it: a read that cannot be logged is not served. The
 * person's own reads are not logged. `recordId` is the public id (hashid) of the one record read,
 * absent for a list.
 *
 * `ctx` is anything with a `db`: the module context, or `{ db: tx }` inside a transaction.
 */
export async function recordHealthRead(
  ctx: { db: Executor },
  request: FastifyRequest,
  subject: HealthSubject,
  section: HealthReadSection,
  recordId?: string | null,
): Promise<void> {
  if (subject.viewer.kind === "self") return;
  await recordAccess(ctx.db, request, {
    entity: healthReadEntity(section),
    // A list has no one record: the person's own key stands for "the whole section".
    entityId: recordId ?? `user:${subject.patientId}`,
    subjectUserId: subject.patientId,
  });
}

/**
 * A company list that shows several people's health data at once (an operator's notes or reports on
 * all its patients): one line per person on the page, in one statement.
 */
export async function recordCompanyHealthReads(
  ctx: { db: Executor },
  request: FastifyRequest,
  patientIds: Iterable<number>,
  section: HealthReadSection,
): Promise<void> {
  const principal = request.principal;
  if (!principal) throw new Error("recordCompanyHealthReads: no signed-in caller");
  const people = [...new Set(patientIds)].filter((id) => id !== principal.userId);
  if (people.length === 0) return;
  await ctx.db.insert(accessLog).values(
    people.map((subjectUserId) => ({
      actorUserId: principal.userId,
      actorType: principal.type,
      companyId: principal.companyId,
      entity: healthReadEntity(section),
      entityId: `user:${subjectUserId}`,
      subjectUserId,
      ip: request.ip,
      requestId: request.id,
    })),
  );
}

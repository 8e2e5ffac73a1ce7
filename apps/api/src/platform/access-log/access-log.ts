import { USER_TYPES } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { accessLog } from "./tables.ts";

export interface AccessedRecord {
  /** A kind of record, in the audit log's words ("patient", "file", "user"). */
  entity: string;
  entityId: string | number;
  /** The person whose data was read, when there is one. */
  subjectUserId?: number | null;
}

/**
 * Records that the signed-in caller read a sensitive record (issue 9 §4): who, with which role and
 * for which company, what, whose, when, from which request. Call it after the access check and
 * before answering, and await it: a read that cannot be logged is not served (the insert's error
 * becomes the request's 500), so no sensitive answer ever leaves without its trace. Reads with no
 * signed-in caller are never sensitive here (every sensitive route needs a principal).
 */
export async function recordAccess(db: Executor, request: FastifyRequest, record: AccessedRecord): Promise<void> {
  const principal = request.principal;
  if (!principal) throw new Error("recordAccess: no signed-in caller");
  await db.insert(accessLog).values({
    actorUserId: principal.userId,
    actorType: principal.type,
    companyId: principal.type === USER_TYPES.operator ? principal.companyId : null,
    entity: record.entity,
    entityId: String(record.entityId),
    subjectUserId: record.subjectUserId ?? null,
    ip: request.ip,
    requestId: request.id,
  });
}

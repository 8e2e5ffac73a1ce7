import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { auditLog } from "./tables.ts";

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  companyId?: number | null;
  /** Never a password, a code or a token: only what a reviewer needs to understand the change. */
  detail?: Record<string, unknown>;
}

export interface AuditActor {
  userId: number | null;
  userType: number | null;
  ip: string | null;
  requestId: string | null;
}

export const systemActor: AuditActor = { userId: null, userType: null, ip: null, requestId: null };

export function actorOf(request: FastifyRequest): AuditActor {
  return {
    userId: request.principal?.userId ?? null,
    userType: request.principal?.type ?? null,
    ip: request.ip,
    requestId: request.id,
  };
}

const forbiddenKeys = /password|token|code|secret|otp/i;

/** Records who did what to which record; pass the use case's transaction so both land together. */
export function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return recordAudits(db, actor, [entry]);
}

/** recordAudit for several records changed by one action (a bulk change): one statement. */
export async function recordAudits(db: Executor, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor.userId,
      actorType: actor.userType,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      companyId: entry.companyId ?? null,
      detail: entry.detail ? redact(entry.detail) : null,
      ip: actor.ip,
      requestId: actor.requestId,
    })),
  );
}

function redact(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, forbiddenKeys.test(k) ? "[redacted]" : v]));
}

import type { HealthReadSection } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { type HealthSubject, healthSubject } from "../access.ts";
import { recordHealthRead } from "../read-log.ts";

/** The role a viewer writes as, stored with each record. */
export type AuthorRole = "paziente" | "caregiver" | "operatore";

export function roleOf(subject: HealthSubject): AuthorRole {
  return subject.viewer.kind === "self" ? "paziente" : subject.viewer.kind === "caregiver" ? "caregiver" : "operatore";
}

/** The authorship columns of a new record. */
export function authorship(subject: HealthSubject) {
  return {
    authorId: subject.viewer.userId,
    authorCompanyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
    authorRole: roleOf(subject),
  };
}

/**
 * Who may change a record they can see: the patient's side (the person, or a caregiver with the
 * health-data consent) may change anything in the file; an operator only what their company wrote,
 * so one company never rewrites another's clinical entries (spec silent; docs/health-therapies.md).
 */
export function mayEdit(subject: HealthSubject, row: { authorCompanyId: number | null; authorRole: string }): boolean {
  if (subject.viewer.kind !== "operator") return true;
  return row.authorRole === "operatore" && row.authorCompanyId === subject.viewer.companyId;
}

/**
 * The health module's one access check; for a read, the trace of it when someone other than the
 * person reads (issue 11 'Chi ha consultato i miei dati'). A change is traced by its audit entry.
 */
export async function accessSubject(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string | undefined,
  read?: { section: HealthReadSection; recordId?: string },
): Promise<HealthSubject> {
  const subject = await healthSubject(ctx.db, ctx.ids, principalOf(request), patientHashid);
  if (read) await recordHealthRead(ctx, request, subject, read.section, read.recordId);
  return subject;
}

import { forbidden, type HealthReadSection } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { type HealthSubject, type HealthViewer, healthSubject } from "../access.ts";
import { recordHealthRead } from "../read-log.ts";

/** The author kind a reading records, from who entered it. */
export function authorKindOf(subject: HealthSubject): "paziente" | "operatore" | "caregiver" {
  if (subject.viewer.kind === "operator") return "operatore";
  return subject.viewer.kind === "caregiver" ? "caregiver" : "paziente";
}

/**
 * The health module's access check, then, for a read by anyone but the patient, one line in the
 * access log ('Chi ha consultato i miei dati') before anything is answered.
 */
export async function readSubject(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string | null | undefined,
  section: HealthReadSection,
  recordHashid?: string,
): Promise<HealthSubject> {
  const subject = await healthSubject(ctx.db, ctx.ids, principalOf(request), patientHashid);
  await recordHealthRead(ctx, request, subject, section, recordHashid);
  return subject;
}

/** The access check for a change (the audit entry of the change records it). */
export function writeSubject(ctx: ModuleContext, request: FastifyRequest, patientHashid: string | null | undefined) {
  return healthSubject(ctx.db, ctx.ids, principalOf(request), patientHashid);
}

/**
 * Thresholds, frequencies and device assignments are set by the person's operators only: the route
 * rules admit operators alone, and the service checks it again so no other caller can reach them.
 */
export function operatorViewer(subject: HealthSubject): Extract<HealthViewer, { kind: "operator" }> {
  if (subject.viewer.kind !== "operator") throw forbidden();
  return subject.viewer;
}

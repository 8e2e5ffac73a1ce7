import type { FastifyRequest } from "fastify";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { type HealthSubject, healthSubject } from "../access.ts";

export interface PageQuery {
  page: number;
  per_page: number;
}

export const pageOf = (query: PageQuery) => ({ limit: query.per_page, offset: (query.page - 1) * query.per_page });
export const metaOf = (query: PageQuery, total: number) => ({ page: query.page, per_page: query.per_page, total });

/** The health module's one access check, for the person named by `patientHashid` (none: the caller). */
export function subjectOf(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid?: string | null,
): Promise<HealthSubject> {
  return healthSubject(ctx.db, ctx.ids, principalOf(request), patientHashid);
}

/** The operator's company on a subject an operator reads (null for the person's side). */
export function operatorCompany(subject: HealthSubject): number | null {
  return subject.viewer.kind === "operator" ? subject.viewer.companyId : null;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

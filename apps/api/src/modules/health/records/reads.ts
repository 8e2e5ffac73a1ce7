import {
  HEALTH_READ_SECTIONS,
  type HealthReaderRole,
  OTHER_READ_SECTIONS,
  type THealthRead,
  type THealthReadQuery,
  USER_TYPES,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, zonedToInstant } from "../../../platform/zoned-time.ts";
import { healthReadEntity } from "../read-log.ts";
import { metaOf, pageOf, subjectOf } from "./common.ts";
import { namesOf } from "./people.ts";
import * as repository from "./repository.ts";

/**
 * 'Chi ha consultato i miei dati' (issue 11, beyond the spec): every read of the person's data by
 * someone else, from the platform's access log (the health file's sections, and the other reads of
 * their data the platform logs: the patient card, their bookings at a company, their files), newest
 * first, filtered by section, role and days (Italian dates). Only the person sees it: a caregiver or an
 * operator reading it would be one more read to show.
 */

const TIME_ZONE = "Europe/Rome";
const ROLE_TYPES: Record<HealthReaderRole, number> = {
  operatore: USER_TYPES.operator,
  caregiver: USER_TYPES.citizen,
  amministratore: USER_TYPES.admin,
};
const HEALTH_PREFIX = "health.";

function roleOf(actorType: number): HealthReaderRole {
  if (actorType === USER_TYPES.operator) return "operatore";
  if (actorType === USER_TYPES.admin) return "amministratore";
  return "caregiver";
}

function sectionOf(entity: string): string {
  if (entity.startsWith(HEALTH_PREFIX)) return entity.slice(HEALTH_PREFIX.length);
  return OTHER_READ_SECTIONS[entity] ?? entity;
}

/** The record's public id: hashids as written; numeric keys encoded; "the whole section" is none. */
function recordOf(ctx: ModuleContext, entityId: string, subjectUserId: number): string | null {
  if (entityId.startsWith("user:") || entityId === String(subjectUserId)) return null;
  if (/^\d+$/.test(entityId)) return ctx.ids.encode(Number(entityId));
  return entityId;
}

export async function listReads(ctx: ModuleContext, request: FastifyRequest, query: THealthReadQuery) {
  const subject = await subjectOf(ctx, request, null);
  const { rows, total } = await repository.listReads(
    ctx.db,
    subject.patientId,
    {
      entity:
        query.section && HEALTH_READ_SECTIONS.includes(query.section) ? healthReadEntity(query.section) : undefined,
      actorType: query.role ? ROLE_TYPES[query.role] : undefined,
      from: query.from ? new Date(zonedToInstant(query.from, "00:00", TIME_ZONE)) : undefined,
      to: query.to ? new Date(zonedToInstant(addDays(query.to, 1), "00:00", TIME_ZONE)) : undefined,
    },
    pageOf(query),
  );
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.actorUserId),
  );
  const data: THealthRead[] = rows.map((r) => ({
    id: ctx.ids.encode(r.id),
    reader: names.get(r.actorUserId) ?? null,
    role: roleOf(r.actorType),
    company: r.companyName,
    section: sectionOf(r.entity),
    record_id: recordOf(ctx, r.entityId, subject.patientId),
    read_at: r.createdAt.toISOString(),
  }));
  return { data, meta: metaOf(query, total) };
}

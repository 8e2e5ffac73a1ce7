import { FAMILY_MESSAGES, fieldError, notFound, type TFamilyMember, type TFamilyMemberBody } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { principalOf } from "../../platform/auth/access.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import type { Ids } from "../../platform/ids.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as repository from "./repository.ts";

/**
 * Family members (spec 001 §3): the people a citizen books for. A citizen sees and edits only their
 * own; anyone else's is a 404, never a 403, so nothing tells it exists.
 */

export function presentFamilyMember(ids: Ids, row: repository.FamilyMemberRow): TFamilyMember {
  return {
    hashid: ids.encode(row.id),
    name: row.name,
    surname: row.surname,
    tax_code: row.taxCode,
    health_card_number: row.healthCardNumber,
    age_band: row.ageBand,
    relationship: row.relationship,
    gender: row.gender,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The citizen's own family member by hashid, for this module's routes and for the bookings module
 * (booking for a family member): anyone else's is a 404.
 */
export async function ownFamilyMember(
  db: Executor,
  ids: Ids,
  userId: number,
  hashid: string,
): Promise<repository.FamilyMemberRow> {
  const id = ids.decode(hashid);
  const row = id === null ? null : await repository.findFamilyMember(db, userId, id);
  if (!row) throw notFound();
  return row;
}

const duplicate = () => fieldError("tax_code", FAMILY_MESSAGES.duplicate);

function valuesOf(body: TFamilyMemberBody) {
  return {
    name: body.name,
    surname: body.surname,
    taxCode: body.tax_code,
    healthCardNumber: body.health_card_number ?? null,
    ageBand: body.age_band,
    relationship: body.relationship,
    gender: body.gender,
  };
}

/**
 * The family members of any user, by surname, for a module that has already decided the caller may
 * see them (patients: an operator's own patient). This module's routes use listOwn.
 */
export async function familyOf(ctx: ModuleContext, userId: number): Promise<TFamilyMember[]> {
  const rows = await repository.listFamilyMembers(ctx.db, userId);
  return rows.map((row) => presentFamilyMember(ctx.ids, row));
}

/** `GET familymembers`: the citizen's family members, by surname. */
export async function listOwn(ctx: ModuleContext, request: FastifyRequest): Promise<TFamilyMember[]> {
  const rows = await repository.listFamilyMembers(ctx.db, principalOf(request).userId);
  return rows.map((row) => presentFamilyMember(ctx.ids, row));
}

/** `POST familymembers`: a new family member; a tax code already among the citizen's is a 422. */
export async function create(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TFamilyMemberBody,
): Promise<TFamilyMember> {
  const userId = principalOf(request).userId;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await repository.taxCodeTaken(tx, userId, body.tax_code)) throw duplicate();
      const row = await repository.insertFamilyMember(tx, { userId, ...valuesOf(body) });
      await recordAudit(tx, actorOf(request), {
        action: "family_member.created",
        entity: "family_member",
        entityId: row.id,
      });
      return row;
    });
    return presentFamilyMember(ctx.ids, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** `PUT familymembers/{hashid}`: edits one's own family member (the whole record). */
export async function update(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TFamilyMemberBody,
): Promise<TFamilyMember> {
  const userId = principalOf(request).userId;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const found = await ownFamilyMember(tx, ctx.ids, userId, hashid);
      if (await repository.taxCodeTaken(tx, userId, body.tax_code, found.id)) throw duplicate();
      const row = await repository.updateFamilyMember(tx, found.id, valuesOf(body));
      await recordAudit(tx, actorOf(request), {
        action: "family_member.updated",
        entity: "family_member",
        entityId: row.id,
      });
      return row;
    });
    return presentFamilyMember(ctx.ids, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

import {
  DomainError,
  EMERGENCY_CONTACTS_MAX,
  EMERGENCY_MESSAGES,
  fieldError,
  notFound,
  type TEmergencyContact,
  type TEmergencyContactBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surface: the Italian reference data the cascading selects come from.
import { listComuni, listProvinces } from "../geo/index.ts";
import { emailVerified } from "../identity/index.ts";
import * as repository from "./emergency-repository.ts";
import { visiblePerson } from "./people.ts";

/**
 * Emergency contacts (spec 001 §3, screen 6): the user's own, at most EMERGENCY_CONTACTS_MAX.
 * Readable by the user, an enabled caregiver and operators of the user's companies (who may need to
 * call someone); written by the user only. Anyone else's contact is a 404. Spec 000 §2.9: a citizen
 * sees and manages their own only once their e-mail is verified (a 403 otherwise).
 */

async function requireVerifiedEmail(ctx: ModuleContext, userId: number): Promise<void> {
  if (await emailVerified(ctx.db, userId)) return;
  throw new DomainError("forbidden", {
    message: EMERGENCY_MESSAGES.emailNotVerified,
    publicCode: "emergency_email_not_verified",
  });
}

function present(ids: Ids, row: repository.EmergencyContactRow): TEmergencyContact {
  return {
    hashid: ids.encode(row.id),
    user_id: ids.encode(row.userId),
    type: row.type === 1 ? 1 : 0,
    name: row.name,
    surname: row.surname,
    relationship: row.relationship as TEmergencyContact["relationship"],
    regione: row.regione,
    provincia: row.provincia,
    comune: row.comune,
    cap: row.cap,
    address: row.address,
    tel_number: row.telNumber,
    created_at: row.createdAt.toISOString(),
  };
}

const same = (a: string, b: string) => a.localeCompare(b, "it", { sensitivity: "base" }) === 0;

/**
 * Region, province and comune must cascade (the selects of the form): each one inside the one
 * before, as the geo module's lists have them; stored with their canonical spelling.
 */
async function placeOf(body: TEmergencyContactBody): Promise<{ regione: string; provincia: string; comune: string }> {
  const provinces = await listProvinces(body.regione).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) throw fieldError("regione", EMERGENCY_MESSAGES.regione);
    throw error;
  });
  const province = provinces.find((p) => same(p.sigla, body.provincia) || same(p.provincia, body.provincia));
  if (!province) throw fieldError("provincia", EMERGENCY_MESSAGES.provincia);
  const comune = (await listComuni({ provincia: province.sigla })).find(
    (c) => !c.soppresso && same(c.comune, body.comune),
  );
  if (!comune) throw fieldError("comune", EMERGENCY_MESSAGES.comune);
  return { regione: province.regione, provincia: province.sigla, comune: comune.comune };
}

async function valuesOf(body: TEmergencyContactBody) {
  return {
    type: body.type,
    name: body.name,
    // An organisation has no surname, whatever the form sent.
    surname: body.type === 0 ? (body.surname ?? null) : null,
    relationship: body.relationship,
    ...(await placeOf(body)),
    cap: body.cap,
    address: body.address ? body.address : null,
    telNumber: body.tel_number,
  };
}

/** `GET users/emergencycontacts/{hashid}`: the contacts of the user with that hashid. */
export async function listOf(
  ctx: ModuleContext,
  request: FastifyRequest,
  userHashid: string,
): Promise<TEmergencyContact[]> {
  const principal = principalOf(request);
  const userId = await visiblePerson(ctx.db, ctx.ids, principal, userHashid);
  if (userId === principal.userId) await requireVerifiedEmail(ctx, userId);
  return (await repository.listContacts(ctx.db, userId)).map((row) => present(ctx.ids, row));
}

/** `POST users/emergencycontacts`: a new contact of one's own; the 11th is a 422. */
export async function create(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TEmergencyContactBody,
): Promise<TEmergencyContact> {
  const userId = principalOf(request).userId;
  await requireVerifiedEmail(ctx, userId);
  const values = await valuesOf(body);
  const row = await ctx.db.transaction(async (tx) => {
    await repository.lockUserContacts(tx, userId);
    if ((await repository.countContacts(tx, userId)) >= EMERGENCY_CONTACTS_MAX) {
      throw new DomainError("validation", { message: EMERGENCY_MESSAGES.tooMany, errors: {} });
    }
    const row = await repository.insertContact(tx, { userId, ...values });
    await recordAudit(tx, actorOf(request), {
      action: "emergency_contact.created",
      entity: "emergency_contact",
      entityId: row.id,
    });
    return row;
  });
  return present(ctx.ids, row);
}

function contactId(ctx: ModuleContext, hashid: string): number {
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  return id;
}

/** `PUT users/emergencycontacts/{hashid}`: edits one's own contact (the whole record). */
export async function update(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TEmergencyContactBody,
): Promise<TEmergencyContact> {
  const userId = principalOf(request).userId;
  await requireVerifiedEmail(ctx, userId);
  const id = contactId(ctx, hashid);
  const values = await valuesOf(body);
  const row = await ctx.db.transaction(async (tx) => {
    const row = await repository.updateContact(tx, id, userId, values);
    if (!row) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "emergency_contact.updated",
      entity: "emergency_contact",
      entityId: id,
    });
    return row;
  });
  return present(ctx.ids, row);
}

/** `DELETE users/emergencycontacts/{hashid}`: one's own contact only. */
export async function remove(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<void> {
  const userId = principalOf(request).userId;
  await requireVerifiedEmail(ctx, userId);
  const id = contactId(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.deleteContact(tx, id, userId))) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "emergency_contact.deleted",
      entity: "emergency_contact",
      entityId: id,
    });
  });
}

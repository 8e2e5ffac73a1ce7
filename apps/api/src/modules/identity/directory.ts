import {
  fieldError,
  forbidden,
  isValidTaxCode,
  normalizeTaxCode,
  notFound,
  type TUser,
  type TUserCard,
  type TUserSearchItem,
  USER_TYPES,
  type UserType,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Transaction } from "../../db/client.ts";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { actorOf, recordAudit, systemActor } from "../../platform/audit/audit.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import type { UserFilter } from "./directory-repository.ts";
import * as directory from "./directory-repository.ts";
import * as repository from "./repository.ts";
import { currentUser } from "./service.ts";

/**
 * Reading and finding other people's accounts. Every answer starts from who is asking: a citizen
 * sees only themself, an operator can find a citizen only by their exact tax code (to take them on
 * as a patient), an administrator can search everyone.
 */

/** Who besides the user and administrators may read a user (caregivers, with consent): added by their module. */
export type UserReadRule = (ctx: ModuleContext, principal: Principal, userId: number) => Promise<boolean>;
const readRules: UserReadRule[] = [];
export function addUserReadRule(rule: UserReadRule): void {
  readRules.push(rule);
}

/**
 * GET users/{id}: oneself, or anyone for an administrator; someone a read rule admits (an operator
 * of the person's company, an enabled caregiver: the care module's rule) gets the person's card
 * only (name, picture, contacts); everyone else gets 404. An administrator reading someone else's
 * account is a sensitive read, logged before it is answered (issue 9 §4).
 */
export async function readUser(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TUser | TUserCard> {
  const principal = principalOf(request);
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  const full = id === principal.userId || principal.type === USER_TYPES.admin;
  if (!full && !(await anyRule(ctx, principal, id))) throw notFound();
  const user = await repository.findUserById(ctx.db, id);
  if (!user || user.deletedAt) throw notFound();
  const answer = await currentUser(ctx, id);
  if (!full) {
    return {
      hashid: answer.hashid,
      name: answer.anagrafica?.name ?? "",
      surname: answer.anagrafica?.surname ?? "",
      profile_pic: answer.profile_pic,
      email: answer.email,
      prefix: answer.anagrafica?.prefix ?? null,
      tel_number: answer.anagrafica?.tel_number ?? null,
    };
  }
  if (principal.type === USER_TYPES.admin && id !== principal.userId) {
    await recordAccess(ctx.db, request, { entity: "user", entityId: id, subjectUserId: id });
  }
  return answer;
}

export async function searchUsers(
  ctx: ModuleContext,
  principal: Principal,
  query: { q: string; type?: number; page: number; per_page: number },
): Promise<{ items: TUserSearchItem[]; total: number }> {
  let filter: UserFilter;
  if (principal.type === USER_TYPES.admin) {
    filter = { text: query.q, type: query.type };
  } else if (principal.type === USER_TYPES.operator) {
    // An operator never browses the citizens of the platform: only an exact, valid tax code finds one.
    if (!isValidTaxCode(query.q)) return { items: [], total: 0 };
    filter = { cf: normalizeTaxCode(query.q), type: USER_TYPES.citizen };
  } else {
    throw forbidden();
  }
  const { rows, total } = await directory.searchUsers(ctx.db, filter, {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const items = rows.map((row) => ({
    hashid: ctx.ids.encode(row.id),
    type: row.type,
    name: row.name,
    surname: row.surname,
    cf: row.cf,
    email: principal.type === USER_TYPES.admin ? row.email : null,
    disabled: row.disabledAt !== null,
  }));
  return { items, total };
}

/** A suspension's end (`until`, lifted by the back office's job) and reason, kept by whoever listens. */
export interface SuspensionChange {
  userId: number;
  suspended: boolean;
  until: Date | null;
  reason: string | null;
}
/** Called in the suspension's transaction: the back office (admin module) keeps `until` and lifts it. */
export type SuspensionListener = (tx: Transaction, change: SuspensionChange) => Promise<void>;
const suspensionListeners = new Set<SuspensionListener>();
export function addSuspensionListener(listener: SuspensionListener): void {
  suspensionListeners.add(listener);
}

export const SUSPENSION_UNTIL_PAST_MESSAGE = "La fine della sospensione deve essere nel futuro";

/**
 * PATCH users/change/suspension/{id}: an administrator suspends or restores an account; a
 * suspension may end by itself at `until` (issue 14) and carries its reason in the audit.
 */
export async function setSuspension(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  suspended: boolean,
  options: { until?: string | undefined; reason?: string | undefined } = {},
): Promise<TUser> {
  const id = ctx.ids.decode(hashid);
  const user = id === null ? null : await repository.findUserById(ctx.db, id);
  if (!user || user.deletedAt) throw notFound();
  // An administrator cannot lock themself out, nor another administrator (that is the platform owner's call).
  if (user.id === principal.userId || (user.type as UserType) === USER_TYPES.admin) throw forbidden();
  const until = suspended && options.until ? new Date(options.until) : null;
  if (until && until.getTime() <= Date.now()) throw fieldError("until", SUSPENSION_UNTIL_PAST_MESSAGE);
  const reason = suspended ? (options.reason ?? null) : null;
  await ctx.db.transaction(async (tx) => {
    await repository.updateUser(tx, user.id, { disabledAt: suspended ? new Date() : null });
    if (suspended) await repository.revokeUserSessions(tx, user.id);
    for (const listener of suspensionListeners) await listener(tx, { userId: user.id, suspended, until, reason });
    await recordAudit(tx, actorOf(request), {
      action: suspended ? "user.suspended" : "user.restored",
      entity: "user",
      entityId: user.id,
      detail: {
        before: { disabled: user.disabledAt !== null },
        after: { disabled: suspended },
        ...(suspended ? { until: until?.toISOString() ?? null, reason } : {}),
      },
    });
  });
  return currentUser(ctx, user.id);
}

/**
 * The end of a suspension with an `until`, by the back office's job: restores the account unless it
 * was deleted meanwhile; the caller passes its transaction and has checked the end is still due.
 */
export async function liftSuspension(tx: Transaction, userId: number): Promise<boolean> {
  const user = await repository.findUserById(tx, userId);
  if (!user || user.deletedAt || !user.disabledAt) return false;
  await repository.updateUser(tx, userId, { disabledAt: null });
  for (const listener of suspensionListeners)
    await listener(tx, { userId, suspended: false, until: null, reason: null });
  await recordAudit(tx, systemActor, {
    action: "user.restored",
    entity: "user",
    entityId: userId,
    detail: { before: { disabled: true }, after: { disabled: false }, cause: "suspension_ended" },
  });
  return true;
}

async function anyRule(ctx: ModuleContext, principal: Principal, userId: number): Promise<boolean> {
  for (const rule of readRules) if (await rule(ctx, principal, userId)) return true;
  return false;
}

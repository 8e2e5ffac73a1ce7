import {
  COMPANY_MESSAGES,
  conflict,
  fieldError,
  notFound,
  OPERATOR_PERMISSIONS,
  type TOperator,
  type TOperatorRoleBody,
  type TOperatorsQuery,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as operatorsRepository from "./operators-repository.ts";
import { operatorStatusOf } from "./presenters.ts";
import * as repository from "./repository.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * The company's operators ('gestire operatori'): list, enable or suspend, role and permission
 * strings. A suspended operator's sessions stop working at once (the session check reads the
 * membership on every request). Nobody changes their own status or removes their own right to
 * manage operators, so a company cannot lock its last administrator out by mistake.
 */

export type OperatorView = NonNullable<Awaited<ReturnType<typeof operatorsRepository.findOperator>>>;

export function present(ctx: ModuleContext, principal: Principal, row: OperatorView): TOperator {
  return {
    hashid: ctx.ids.encode(row.operator.userId),
    name: row.name,
    surname: row.surname,
    email: row.email,
    role: row.operator.role,
    permessi: row.operator.permissions,
    status: operatorStatusOf(row.operator),
    active: operatorStatusOf(row.operator) === "enabled",
    is_self: row.operator.userId === principal.userId,
  };
}

/** `GET companies/operators/list`. */
export async function listOperators(ctx: ModuleContext, principal: Principal, query: TOperatorsQuery) {
  return listOf(ctx, principal, ownCompanyId(principal), query);
}

/** `GET companies/{company}/operators` (platform administrators): any company's operators. */
export async function listCompanyOperators(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  query: TOperatorsQuery,
) {
  const id = ctx.ids.decode(hashid);
  const company = id === null ? null : await repository.findCompany(ctx.db, id);
  if (!company) throw notFound();
  return listOf(ctx, principal, company.id, query);
}

async function listOf(ctx: ModuleContext, principal: Principal, companyId: number, query: TOperatorsQuery) {
  const { rows, total } = await operatorsRepository.listOperators(ctx.db, companyId, {
    q: query.q,
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => present(ctx, principal, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

export async function colleague(ctx: ModuleContext, companyId: number, hashid: string): Promise<OperatorView> {
  const userId = ctx.ids.decode(hashid);
  const row = userId === null ? null : await operatorsRepository.findOperator(ctx.db, companyId, userId);
  // Someone who is not an operator of this company is not found, whoever they are.
  if (!row) throw notFound();
  return row;
}

/** `POST users/change/status/{hash}`: enable (true) or suspend (false); without a status it toggles. */
export async function changeStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  status: boolean | undefined,
): Promise<TOperator> {
  const companyId = ownCompanyId(principal);
  const row = await colleague(ctx, companyId, hashid);
  if (row.operator.userId === principal.userId) throw fieldError("status", COMPANY_MESSAGES.notOwnStatus);
  // A request to join is decided by enabling or refusing it (operator-requests.ts), with its notices;
  // a refused one stays refused.
  if (row.operator.approval !== "approved") throw conflict(COMPANY_MESSAGES.operatorPendingStatus);
  const active = status ?? !row.operator.active;
  await ctx.db.transaction(async (tx) => {
    await operatorsRepository.updateOperator(tx, companyId, row.operator.userId, { active });
    await recordAudit(tx, actorOf(request), {
      action: active ? "operator.enabled" : "operator.suspended",
      entity: "operator",
      entityId: row.operator.userId,
      companyId,
    });
  });
  return present(ctx, principal, await colleague(ctx, companyId, hashid));
}

/** `POST companies/operators/role/update`: role and permission strings replaced. */
export async function updateRole(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TOperatorRoleBody,
): Promise<TOperator> {
  const companyId = ownCompanyId(principal);
  const row = await colleague(ctx, companyId, body.operator);
  if (row.operator.userId === principal.userId && !body.permessi.includes(OPERATOR_PERMISSIONS.manageOperators)) {
    throw fieldError("permessi", COMPANY_MESSAGES.notOwnManagement);
  }
  await ctx.db.transaction(async (tx) => {
    await operatorsRepository.updateOperator(tx, companyId, row.operator.userId, {
      role: body.role,
      permissions: body.permessi,
    });
    await recordAudit(tx, actorOf(request), {
      action: "operator.role_updated",
      entity: "operator",
      entityId: row.operator.userId,
      companyId,
      detail: {
        role: body.role,
        permessi: body.permessi,
        previous_role: row.operator.role,
        previous_permessi: row.operator.permissions,
      },
    });
  });
  return present(ctx, principal, await colleague(ctx, companyId, body.operator));
}

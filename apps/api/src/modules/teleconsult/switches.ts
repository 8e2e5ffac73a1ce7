import { COMPANY_MESSAGES, forbidden, notFound, TELECONSULT_SWITCH_PERMISSION } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { assertCompanyServiceActive } from "../billing/index.ts";
import { ownCompanyId, runsPlatformService } from "../companies/index.ts";
import * as repository from "./repository.ts";

/**
 * The operator's switch of a quick service (spec 001 §4 "Operator service switch", issue 10): `{x}`
 * is 10 (quick, 'gestire teleconsulto di emergenza') or 11 (paediatric, 'gestire teleconsulto
 * pediatrico'); another ref is a 404, an operator without the permission a 403. A switch counts only
 * while the session that turned it on lives: a logout or an expired session turns it off, and a
 * suspended operator no longer qualifies for routing.
 */
function refOf(x: string): 10 | 11 {
  if (x !== "10" && x !== "11") throw notFound();
  return Number(x) as 10 | 11;
}

function checked(request: FastifyRequest, x: string) {
  const principal = principalOf(request);
  const ref = refOf(x);
  const companyId = ownCompanyId(principal);
  if (!principal.permissions.includes(TELECONSULT_SWITCH_PERMISSION[ref])) throw forbidden();
  return { principal, ref, companyId };
}

/** `GET services/{x}/operator/status`. */
export async function switchStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  x: string,
): Promise<{ active: boolean }> {
  const { principal, ref, companyId } = checked(request, x);
  return { active: await repository.switchOf(ctx.db, principal.userId, companyId, ref) };
}

/**
 * `PATCH services/{x}/operator/status` `{ status }`: on needs the company to run the service and
 * to be subscribed to it (403 'Servizio non attivo'); off is always allowed.
 */
export async function setSwitchStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  x: string,
  status: boolean,
): Promise<{ active: boolean }> {
  const { principal, ref, companyId } = checked(request, x);
  if (status) {
    if (!(await runsPlatformService(ctx.db, companyId, ref))) throw forbidden(COMPANY_MESSAGES.serviceNotActive);
    await assertCompanyServiceActive(ctx.db, companyId, ref, new Date());
  }
  await repository.setSwitch(ctx.db, {
    userId: principal.userId,
    companyId,
    ref,
    active: status,
    sessionId: principal.sessionId,
  });
  return { active: await repository.switchOf(ctx.db, principal.userId, companyId, ref) };
}

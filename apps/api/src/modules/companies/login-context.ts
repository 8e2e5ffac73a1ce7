import { forbidden, notFound, type TCompanyLoginContext } from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { platformService } from "./presenters.ts";
import * as repository from "./repository.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * `GET companies/login/auth` and `GET farmacia/auth` (spec 002 §7 names them and nothing more).
 * Our reading: after signing in, the operator's client asks which company it works for, with which
 * role, permission strings and active platform services (the menu rules need them). The token is
 * the bearer header as on every route: never a token in the URL. Nothing is created or changed.
 */
export async function loginContext(ctx: ModuleContext, principal: Principal): Promise<TCompanyLoginContext> {
  const companyId = ownCompanyId(principal);
  const [company, membership, services] = await Promise.all([
    repository.findCompany(ctx.db, companyId),
    repository.findMembership(ctx.db, principal.userId),
    repository.listCompanyServices(ctx.db, companyId),
  ]);
  if (!company || !membership) throw notFound();
  return {
    company: {
      hashid: ctx.ids.encode(company.id),
      name: company.name,
      type: company.kind,
      level: company.level,
      active_services: services.filter((s) => s.active).map((s) => platformService(ctx.ids, s.positionRef)),
    },
    role: membership.role,
    permessi: [...principal.permissions],
  };
}

/** The pharmacy variant: the same context, for operators of a pharmacy only (403 otherwise). */
export async function pharmacyLoginContext(ctx: ModuleContext, principal: Principal): Promise<TCompanyLoginContext> {
  const context = await loginContext(ctx, principal);
  if (context.company.type !== "farmacia") throw forbidden();
  return context;
}

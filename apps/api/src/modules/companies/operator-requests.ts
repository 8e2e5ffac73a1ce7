import { COMPANY_MESSAGES, conflict, notFound, OPERATOR_PERMISSIONS, type TOperator } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { notifyUser } from "../notifications/index.ts";
import { colleague, present } from "./operators.ts";
import * as operatorsRepository from "./operators-repository.ts";
import * as repository from "./repository.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * Requests to join a company (spec 002 §4 "an administrator can enable an operator account after
 * confirmation"). Whoever registers with a company code waits, pending, with no company data, until
 * an operator of the company holding 'gestire operatori' (its administrators) or a platform
 * administrator enables or refuses them. A refusal is kept ('refused') rather than the membership
 * deleted: the person then learns at sign-in that the answer was no, instead of finding an empty
 * operator area, and the account cannot ask again by itself (one membership per user).
 */

/** In-app (and e-mail) notice to the company's administrators, in the registration's transaction. */
export async function notifyJoinRequest(
  db: Executor,
  companyId: number,
  applicant: { name: string; surname: string; email: string },
): Promise<void> {
  const administrators = await operatorsRepository.enabledOperatorIdsWith(
    db,
    companyId,
    OPERATOR_PERMISSIONS.manageOperators,
  );
  const who = `${applicant.name} ${applicant.surname}`.trim();
  for (const userId of administrators) {
    await notifyUser(db, {
      userId,
      audience: "operator",
      title: "Nuova richiesta di accesso come operatore",
      body:
        `${who} (${applicant.email}) si è registrato con il codice della struttura e chiede di essere ` +
        "abilitato come operatore. Finché non lo abiliti non vede alcun dato della struttura: " +
        "abilitalo o rifiuta la richiesta in Impostazioni › Operatori.",
      email: true,
    });
  }
}

/**
 * The company an administrator acts on: an operator ('gestire operatori', checked by the route
 * rule) acts on their own company only, where someone else's operator is a 404; a platform
 * administrator on the company the person asked to join.
 */
async function requestScope(ctx: ModuleContext, principal: Principal, hashid: string) {
  let companyId: number;
  if (principal.type === 2) {
    const userId = ctx.ids.decode(hashid);
    const found = userId === null ? null : await operatorsRepository.companyOfOperator(ctx.db, userId);
    if (found === null) throw notFound();
    companyId = found;
  } else {
    companyId = ownCompanyId(principal);
  }
  const row = await colleague(ctx, companyId, hashid);
  if (row.operator.approval !== "pending") throw conflict(COMPANY_MESSAGES.operatorNotPending);
  return { companyId, row };
}

/** `POST companies/operators/{hash}/enable` (and the administrators' `…/admin/enable`). */
export async function enableOperator(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<TOperator> {
  return decide(ctx, request, principal, hashid, "approved");
}

/** `POST companies/operators/{hash}/refuse` (and the administrators' `…/admin/refuse`). */
export async function refuseOperator(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<TOperator> {
  return decide(ctx, request, principal, hashid, "refused");
}

async function decide(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  approval: "approved" | "refused",
): Promise<TOperator> {
  const { companyId, row } = await requestScope(ctx, principal, hashid);
  const userId = row.operator.userId;
  await ctx.db.transaction(async (tx) => {
    // Only a pending request changes: of two administrators deciding at once, the second is told.
    if (!(await operatorsRepository.decideJoinRequest(tx, companyId, userId, approval))) {
      throw conflict(COMPANY_MESSAGES.operatorNotPending);
    }
    await recordAudit(tx, actorOf(request), {
      action: approval === "approved" ? "operator.join_enabled" : "operator.join_refused",
      entity: "operator",
      entityId: userId,
      companyId,
    });
  });
  const company = await repository.findCompany(ctx.db, companyId);
  if (row.email && company) {
    // After the commit: the decision stands whatever the mail server says.
    await ctx.mailer
      .send({ to: row.email, ...decisionMail(ctx, approval, company.name, row.name) })
      .catch((error: unknown) => request.log.error({ err: error }, "operator decision e-mail not sent"));
  }
  return present(ctx, principal, { ...row, operator: { ...row.operator, approval, active: approval === "approved" } });
}

function decisionMail(
  ctx: ModuleContext,
  approval: "approved" | "refused",
  companyName: string,
  name: string | null,
): { subject: string; text: string } {
  const greeting = name ? `Buongiorno ${name},` : "Buongiorno,";
  if (approval === "approved") {
    return {
      subject: `Cura: sei stato abilitato come operatore di ${companyName}`,
      text:
        `${greeting}\n\nl'amministratore di ${companyName} ha abilitato la tua utenza di operatore.\n` +
        `Accedi a Cura per iniziare: ${ctx.config.publicUrl}/login\n`,
    };
  }
  return {
    subject: `Cura: richiesta di accesso a ${companyName} non accolta`,
    text:
      `${greeting}\n\nla tua richiesta di accesso come operatore di ${companyName} non è stata accolta.\n` +
      "Se pensi che si tratti di un errore, rivolgiti direttamente alla struttura.\n",
  };
}

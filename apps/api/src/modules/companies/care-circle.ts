import { createHash } from "node:crypto";
import {
  COMPANY_MESSAGES,
  LIMIT_MESSAGES,
  LIMITS,
  notFound,
  type TCareCircleItem,
  type TCompanyListItem,
  type TDoctorInvitationBody,
  throttled,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { type LimitRule, reserveAll } from "../../platform/limiter/limiter.ts";
import { escapeHtml, inertHtml, inertText } from "../../platform/messaging/plain-text.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { currentUser } from "../identity/index.ts";
import * as careRepository from "./care-repository.ts";
import * as openingsRepository from "./openings-repository.ts";
import { companyListItem, weeklyMap, weeklyOpenings } from "./presenters.ts";
import * as repository from "./repository.ts";
import { ownCompanyId, visibleCompany } from "./scope.ts";
import { searchCompanies } from "./search-repository.ts";

/**
 * The citizen's care circle (circolocura, spec 001 screen 15): favourite providers with their
 * contacts, opening hours and one preferred provider; suggestions near home; the invitation of
 * one's doctor. Operators see a patient's circle only when their company is in it.
 */

const SUGGESTIONS = 10;

async function circleItems(ctx: ModuleContext, userId: number): Promise<TCareCircleItem[]> {
  const rows = await careRepository.listCircle(ctx.db, userId);
  const ids = rows.map((r) => r.company.id);
  const [services, hours] = await Promise.all([
    repository.listActiveServicesOf(ctx.db, ids),
    openingsRepository.listCompanyHoursOf(ctx.db, ids),
  ]);
  return rows.map((row) => {
    const refs = services.filter((s) => s.companyId === row.company.id).map((s) => s.positionRef);
    const own = hours.filter((h) => h.companyId === row.company.id);
    return {
      company: companyListItem(ctx.ids, row.company, refs),
      preferred: row.preferred,
      openings: weeklyOpenings(weeklyMap(own), false, row.company.timezone),
      added_at: row.addedAt.toISOString(),
    };
  });
}

/** `GET users/own/circolocura`. */
export function ownCircle(ctx: ModuleContext, principal: Principal): Promise<TCareCircleItem[]> {
  return circleItems(ctx, principal.userId);
}

/**
 * `GET users/own/circolocura?suggestions=true`: providers of the citizen's comune, then of their
 * province, that are not in the circle yet.
 */
export async function suggestions(ctx: ModuleContext, principal: Principal): Promise<TCompanyListItem[]> {
  const [me, circle] = await Promise.all([
    currentUser(ctx, principal.userId),
    careRepository.listCircle(ctx.db, principal.userId),
  ]);
  const known = new Set(circle.map((r) => r.company.id));
  const found: Awaited<ReturnType<typeof searchCompanies>>["rows"] = [];
  const take = async (filter: { comune?: string; provincia?: string }) => {
    if (found.length >= SUGGESTIONS) return;
    const { rows } = await searchCompanies(ctx.db, {
      ...filter,
      withHealthServices: true,
      // Suggested to a citizen: only providers a citizen can book with, as in their search.
      citizenBookable: true,
      limit: SUGGESTIONS + known.size + found.length,
      offset: 0,
    });
    for (const row of rows) {
      if (found.length >= SUGGESTIONS) break;
      if (known.has(row.company.id) || row.company.level !== 1) continue;
      known.add(row.company.id);
      found.push(row);
    }
  };
  if (me.anagrafica?.comune) await take({ comune: me.anagrafica.comune });
  if (me.anagrafica?.provincia) await take({ provincia: me.anagrafica.provincia });
  const services = await repository.listActiveServicesOf(
    ctx.db,
    found.map((r) => r.company.id),
  );
  return found.map((r) =>
    companyListItem(
      ctx.ids,
      r.company,
      services.filter((s) => s.companyId === r.company.id).map((s) => s.positionRef),
    ),
  );
}

/** `GET users/patient/circolocura/{id}`: an operator sees a patient's circle when their company is in it. */
export async function patientCircle(
  ctx: ModuleContext,
  principal: Principal,
  patientHashid: string,
): Promise<TCareCircleItem[]> {
  const companyId = ownCompanyId(principal);
  const userId = ctx.ids.decode(patientHashid);
  const relationship = userId === null ? null : await careRepository.findRelationship(ctx.db, userId, companyId);
  // Not a patient who chose this company: nothing to see, and nothing tells whether they exist.
  if (!relationship || userId === null) throw notFound();
  return circleItems(ctx, userId);
}

/** `POST users/company/relationship`: adds a provider, or changes its preferred flag. */
export async function addRelationship(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: { company_id: string; preferred?: boolean },
): Promise<TCareCircleItem> {
  const company = await visibleCompany(ctx.db, ctx.ids, principal, body.company_id);
  await ctx.db.transaction(async (tx) => {
    await careRepository.upsertRelationship(tx, principal.userId, company.id, body.preferred);
    await recordAudit(tx, actorOf(request), {
      action: "care_circle.added",
      entity: "company",
      entityId: company.id,
      detail: { preferred: body.preferred ?? null },
    });
  });
  const items = await circleItems(ctx, principal.userId);
  const item = items.find((i) => i.company.hashid === ctx.ids.encode(company.id));
  if (!item) throw notFound();
  return item;
}

/** `POST users/company/relationship/remove`. */
export async function removeRelationship(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  companyHashid: string,
): Promise<string> {
  const companyId = ctx.ids.decode(companyHashid);
  await ctx.db.transaction(async (tx) => {
    const removed = companyId !== null && (await careRepository.deleteRelationship(tx, principal.userId, companyId));
    if (!removed) throw notFound();
    await recordAudit(tx, actorOf(request), { action: "care_circle.removed", entity: "company", entityId: companyId });
  });
  return COMPANY_MESSAGES.relationshipRemoved;
}

/**
 * `POST users/contatti/privati/medico/invito`: the invitation is kept; with an e-mail address the
 * doctor receives it at once, naming the citizen who invites them.
 */
export async function inviteDoctor(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TDoctorInvitationBody,
) {
  // A citizen cannot use us to e-mail strangers in bulk: at most so many invitations a day, and
  // so many e-mails a day to one address whoever sends them. Reserved before anything is stored or
  // sent, so invitations sent together cannot pass a count together.
  const limits: LimitRule[] = [
    {
      key: `doctor-invite:user:${principal.userId}`,
      limit: LIMITS.doctorInvitationsPerCitizen.attempts,
      windowSeconds: LIMITS.doctorInvitationsPerCitizen.windowMinutes * 60,
    },
  ];
  if (body.email) {
    const recipient = createHash("sha256").update(body.email.trim().toLowerCase()).digest("hex");
    limits.push({
      key: `doctor-invite:recipient:${recipient}`,
      limit: LIMITS.doctorInvitationsPerRecipient.attempts,
      windowSeconds: LIMITS.doctorInvitationsPerRecipient.windowMinutes * 60,
    });
  }
  const reserved = await reserveAll(ctx.db, limits);
  if (!reserved.allowed) {
    throw throttled(
      reserved.refused === 0
        ? LIMIT_MESSAGES.doctorInvitationsPerCitizen
        : LIMIT_MESSAGES.doctorInvitationsPerRecipient,
      reserved.retryAfterSeconds,
    );
  }
  const row = await careRepository.insertInvitation(ctx.db, {
    userId: principal.userId,
    name: body.name,
    surname: body.surname,
    city: body.city,
    email: body.email ?? null,
  });
  let emailed = false;
  if (row.email) {
    const me = await currentUser(ctx, principal.userId);
    // Everything the citizen typed (their own name included) reaches the doctor as plain words:
    // escaped in the HTML part and never turned into a link. The only link is our own.
    const who = me.anagrafica ? `${me.anagrafica.name} ${me.anagrafica.surname}` : "Un tuo paziente";
    const link = `${ctx.config.publicUrl}/registrazione`;
    await ctx.mailer.send({
      to: row.email,
      subject: `${inertText(who)} ti invita su Cura`,
      text:
        `Gentile dott. ${inertText(row.surname)},\n\n${inertText(who)} la invita a unirsi al suo circolo di cura su ` +
        `Cura, la piattaforma per prenotare prestazioni e seguire la propria salute insieme ai professionisti ` +
        `di fiducia.\n\nPuò registrarsi come operatore sanitario qui: ${link}\n\n` +
        "Se non conosce chi la invita, ignori questo messaggio.",
      html:
        `<p>Gentile dott. ${inertHtml(row.surname)},</p>` +
        `<p>${inertHtml(who)} la invita a unirsi al suo circolo di cura su Cura, la piattaforma per prenotare ` +
        "prestazioni e seguire la propria salute insieme ai professionisti di fiducia.</p>" +
        `<p>Può registrarsi come operatore sanitario <a href="${escapeHtml(link)}">qui</a>.</p>` +
        "<p>Se non conosce chi la invita, ignori questo messaggio.</p>",
    });
    await careRepository.markInvitationEmailed(ctx.db, row.id);
    emailed = true;
  }
  await recordAudit(ctx.db, actorOf(request), {
    action: "doctor_invitation.created",
    entity: "doctor_invitation",
    entityId: row.id,
    detail: { city: row.city, emailed },
  });
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    surname: row.surname,
    city: row.city,
    email: row.email,
    emailed,
  };
}

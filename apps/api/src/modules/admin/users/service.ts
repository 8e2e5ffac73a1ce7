import {
  ADMIN_USERS_MESSAGES,
  BOOKING_STATUSES,
  conflict,
  DomainError,
  fieldError,
  notFound,
  PUBLIC_CONTACTS_PER_HOUR,
  type TAdminDashboard,
  type TAdminUser,
  type TAdminUsersQuery,
  type TAnagraficaFields,
  type TPublicContact,
  type TPublicContactsQuery,
  throttled,
  USER_TYPES,
  type UserType,
  type ZPublicContactBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import { isUniqueViolation } from "../../../platform/database-errors.ts";
import { reserve } from "../../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { companyAdministration } from "../../companies/index.ts";
import * as identity from "../../identity/index.ts";
import { keepLastAdministrator } from "../companies/service.ts";
import { dashboardFigures } from "./dashboard-repository.ts";
import * as repository from "./repository.ts";

/**
 * The administrators' use cases on accounts (issue 14). Every route here is for type 2 (the route's
 * rule); the rules below are those of the records: not oneself, not the last administrator, only
 * operators belong to a company. Every change is audited with its actor, before and after.
 */

/** Suspended or not; and until when, for a suspension with an end (the page and the export). */
export const userStatus = (row: repository.ListedUser): TAdminUser["status"] => (row.disabledAt ? "sospeso" : "attivo");
export const suspensionEnd = (row: repository.ListedUser): Date | null => (row.disabledAt ? row.suspendedUntil : null);

export function presentUser(ctx: ModuleContext, row: repository.ListedUser): TAdminUser {
  return {
    hashid: ctx.ids.encode(row.id),
    type: row.type,
    email: row.email,
    name: row.name,
    surname: row.surname,
    cf: row.cf,
    status: userStatus(row),
    suspended_until: suspensionEnd(row)?.toISOString() ?? null,
    email_verified: row.emailVerifiedAt !== null,
    company: row.companyId !== null ? { hashid: ctx.ids.encode(row.companyId), name: row.companyName ?? "" } : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The filter of the query; an unknown company hashid matches nobody. */
export function filterOf(ctx: ModuleContext, query: Omit<TAdminUsersQuery, "page" | "per_page" | "sort">) {
  const companyId = query.company === undefined ? undefined : (ctx.ids.decode(query.company) ?? -1);
  return {
    q: query.q || undefined,
    type: query.type,
    status: query.status,
    companyId,
    registeredFrom: query.registered_from,
    registeredTo: query.registered_to,
  } satisfies repository.UserFilter;
}

export async function listUsers(ctx: ModuleContext, query: TAdminUsersQuery) {
  const { rows, total, totalCapped } = await repository.listUsers(ctx.db, filterOf(ctx, query), {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
    oldestFirst: query.sort === "oldest",
  });
  return {
    data: rows.map((row) => presentUser(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total, total_capped: totalCapped },
  };
}

/** `GET users/registrati/oggi`: today's registrations (Italian day), with the counts per period. */
export async function todayRegistrations(ctx: ModuleContext, query: { page: number; per_page: number }) {
  const [{ rows, total }, counts] = await Promise.all([
    repository.listUsers(
      ctx.db,
      { registeredSince: repository.periodStart("day") },
      { offset: (query.page - 1) * query.per_page, limit: query.per_page },
    ),
    repository.registrationCounts(ctx.db),
  ]);
  return {
    data: rows.map((row) => presentUser(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
    counts,
  };
}

async function userOrNotFound(ctx: ModuleContext, hashid: string, db: Executor = ctx.db) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findUser(db, id);
  if (!row) throw notFound();
  return row;
}

export async function readUser(ctx: ModuleContext, hashid: string): Promise<TAdminUser> {
  return presentUser(ctx, await userOrNotFound(ctx, hashid));
}

/**
 * `PUT users/anagrafica/{id}`: the person's record under identity's rules for their type (the same
 * validation as their own profile); identity audits the fields changed, naming the administrator.
 * Contacts and tax code stay the person's own (403): a phone receives the recovery codes and the tax
 * code is the key of SPID/CIE sign-in, so either changed by someone else would hand them the account.
 */
export async function updateAnagrafica(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  fields: TAnagraficaFields,
): Promise<TAdminUser> {
  const row = await userOrNotFound(ctx, hashid);
  const subject: Principal = { ...principal, userId: row.id, type: row.type as UserType, permissions: [] };
  await identity.updateAnagrafica(ctx, request, subject, fields, {
    lockedContacts: { contacts: ADMIN_USERS_MESSAGES.contactsLocked, taxCode: ADMIN_USERS_MESSAGES.taxCodeLocked },
  });
  return readUser(ctx, hashid);
}

/**
 * `DELETE users/profile/{id}`: the account is anonymised as its owner's own deletion does. Not
 * oneself (the profile's own deletion is for that), and never the last administrator: the
 * administrators are locked in the deletion's transaction, so two deletions cannot both pass.
 */
export async function deleteUser(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<string> {
  const row = await userOrNotFound(ctx, hashid);
  if (row.id === principal.userId) throw conflict(ADMIN_USERS_MESSAGES.notSelf);
  await identity.anonymiseAccount(ctx, request, row.id, async (tx) => {
    if (row.type === USER_TYPES.admin) {
      const admins = await repository.lockAdministrators(tx);
      if (!admins.includes(row.id)) throw notFound();
      if (admins.length <= 1) throw conflict(ADMIN_USERS_MESSAGES.lastAdmin);
    }
    await repository.deleteSuspension(tx, row.id);
    await recordAudit(tx, actorOf(request), {
      action: "admin.user_deleted",
      entity: "user",
      entityId: row.id,
      detail: {
        before: { type: row.type, status: row.disabledAt ? "sospeso" : "attivo", company: row.companyId },
        after: { deleted: true },
      },
    });
  });
  return ADMIN_USERS_MESSAGES.deleted;
}

/** `POST users/{id}/send-welcome-email`: a single-use link to set a password, valid 72 hours. */
export async function sendWelcomeEmail(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<string> {
  const row = await userOrNotFound(ctx, hashid);
  if (!row.email) throw conflict(ADMIN_USERS_MESSAGES.welcomeNoEmail);
  // The link would not work: a password reset refuses a disabled account.
  if (row.disabledAt) throw conflict(ADMIN_USERS_MESSAGES.welcomeDisabled);
  const sent = await identity.sendWelcomeLink(ctx, request, { id: row.id, email: row.email, name: row.name });
  if (!sent) throw throttled(ADMIN_USERS_MESSAGES.welcomeTooMany);
  return ADMIN_USERS_MESSAGES.welcomeSent;
}

/**
 * `POST users/{id}/assign-to-company`: an operator joins a company, enabled, as a plain operator (a
 * move from another company ends the old membership). Anyone else is a 422 on `id`; an unknown
 * company a 422 on `company_id`; the company they already belong to a 409.
 */
export async function assignToCompany(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  companyHashid: string,
): Promise<TAdminUser> {
  const row = await userOrNotFound(ctx, hashid);
  if (row.type !== USER_TYPES.operator) {
    throw new DomainError("validation", {
      message: ADMIN_USERS_MESSAGES.notOperator,
      errors: { id: [ADMIN_USERS_MESSAGES.notOperator] },
    });
  }
  const companyId = ctx.ids.decode(companyHashid);
  const company = companyId === null ? null : await repository.findCompany(ctx.db, companyId);
  if (!company) throw fieldError("company_id", ADMIN_USERS_MESSAGES.companyUnknown);
  await ctx.db
    .transaction(async (tx) => {
      const found = await companyAdministration.membershipRow(tx, row.id);
      // The old company's row is locked first, then the membership read again: a company keeps its
      // only administrator, as when the operator is removed from it (DELETE companies/operators/{id}/remove).
      if (found && found.companyId !== company.id) await companyAdministration.lockCompany(tx, found.companyId);
      const before = found ? await companyAdministration.membershipRow(tx, row.id) : null;
      if (before?.companyId === company.id) throw conflict("L'operatore è già associato a questa azienda");
      if (before) {
        await keepLastAdministrator(tx, before);
        await companyAdministration.deleteMembership(tx, before.companyId, row.id);
      }
      await companyAdministration.insertOperator(tx, {
        userId: row.id,
        companyId: company.id,
        role: "operatore",
        permissions: [],
        active: true,
        approval: "approved",
      });
      await recordAudit(tx, actorOf(request), {
        action: "admin.user_assigned_to_company",
        entity: "user",
        entityId: row.id,
        companyId: company.id,
        detail: {
          before: before ? { company: before.companyId, role: before.role, approval: before.approval } : null,
          after: { company: company.id, role: "operatore", approval: "approved" },
        },
      });
    })
    .catch((error: unknown) => {
      // A parallel assignment of the same operator won the one membership a user has (operators_user_unique).
      if (isUniqueViolation(error)) throw conflict("L'operatore è stato appena associato a un'azienda: riprova");
      throw error;
    });
  return readUser(ctx, hashid);
}

/** `GET utilities/dati/app`. */
export async function dashboard(ctx: ModuleContext): Promise<TAdminDashboard> {
  const figures = await dashboardFigures(ctx.db);
  const ofType = (type: number) => figures.types.find((t) => t.type === type)?.n ?? 0;
  const bookingsToday = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as TAdminDashboard["bookings_today"];
  for (const { status, n } of figures.statuses) bookingsToday[status] = n;
  return {
    users_by_type: {
      cittadini: ofType(USER_TYPES.citizen),
      operatori: ofType(USER_TYPES.operator),
      amministratori: ofType(USER_TYPES.admin),
    },
    registrations: { today: figures.registrations.today, week: figures.registrations.week },
    active_companies: figures.activeCompanies,
    bookings_today: bookingsToday,
    teleconsults_today: figures.teleconsults,
  };
}

// Suspensions with an end.

/** Identity's suspension listener: keeps the end of a suspension, in the suspension's transaction. */
export const keepSuspensionEnd: identity.SuspensionListener = async (tx, change) => {
  if (change.suspended && change.until)
    await repository.upsertSuspension(tx, change.userId, change.until, change.reason);
  else await repository.deleteSuspension(tx, change.userId);
};

/**
 * The job: restores every account whose suspension has ended by `at` (now; the development hook
 * passes a later clock), each in its own transaction.
 */
export async function endDueSuspensions(ctx: ModuleContext, at = new Date()): Promise<number> {
  let restored = 0;
  for (const userId of await repository.dueSuspensions(ctx.db, 500, at)) {
    await ctx.db.transaction(async (tx) => {
      // Read again under lock: an administrator may have restored or extended it meanwhile.
      if (!(await repository.lockDueSuspension(tx, userId, at))) return;
      if (await identity.liftSuspension(tx, userId)) restored += 1;
      await repository.deleteSuspension(tx, userId);
    });
  }
  return restored;
}

// Public contacts.

/** The contact form of the public home: throttled per address, stored for the administrators. */
export async function receiveContact(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: z.output<typeof ZPublicContactBody>,
): Promise<string> {
  const slot = await reserve(ctx.db, {
    key: `public-contact:address:${request.ip}`,
    limit: PUBLIC_CONTACTS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!slot.allowed) throw throttled(ADMIN_USERS_MESSAGES.contactTooMany, slot.retryAfterSeconds);
  await repository.insertContact(ctx.db, {
    name: body.name,
    email: body.email,
    phone: body.phone,
    message: body.message,
    privacyConsent: body.privacy,
    ip: request.ip,
  });
  return ADMIN_USERS_MESSAGES.contactSent;
}

export function presentContact(ctx: ModuleContext, row: repository.ContactRow): TPublicContact {
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    privacy: row.privacyConsent,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listContacts(ctx: ModuleContext, query: TPublicContactsQuery) {
  const { rows, total } = await repository.listContacts(
    ctx.db,
    { q: query.q || undefined, from: query.from, to: query.to },
    { offset: (query.page - 1) * query.per_page, limit: query.per_page },
  );
  return {
    data: rows.map((row) => presentContact(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

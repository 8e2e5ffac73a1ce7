import {
  ADMIN_COMPANY_MESSAGES,
  COMPANY_ADMIN_ROLE,
  COMPANY_SUBTYPES,
  COMPANY_TYPES,
  type CompanyType,
  conflict,
  fieldError,
  notFound,
  OPERATOR_PERMISSIONS,
  PLATFORM_SERVICE_REFS,
  type TAdminCompaniesQuery,
  type TAdminCompany,
  type TAdminCompanyBody,
  type TAdminCompanyDetail,
  type TAdminCompanyServiceBody,
  type TAdminOperatorRoleBody,
  type TCompanyRegisterBody,
  type TCompanyService,
  type TOperator,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import {
  type CompanyRow,
  companyOperator,
  companyService,
  listCompanyOperators,
  listCompanyServices,
  platformRef,
  presentOperator,
  companyAdministration as registry,
} from "../../companies/index.ts";
import { listComuni, listProvinces } from "../../geo/index.ts";
import {
  createAccountFor,
  currentUser,
  EMAIL_TAKEN_MESSAGE,
  emailTaken,
  sendWelcomeLink,
  toAnagraficaValues,
  WELCOME_LINK_HOURS,
} from "../../identity/index.ts";

/**
 * The administrator's companies (issue 14; spec 002 §2 `aziende…`, §4, §7 "Administrator calls"). The
 * route rule has already let only platform administrators (type 2) in; every change is audited with
 * who, what, the values before and after.
 */

type AdminRow = registry.AdminCompanyRow;

export function presentCompany(ctx: ModuleContext, row: AdminRow): TAdminCompany {
  const subtype = COMPANY_SUBTYPES.find((s) => s.code === row.subtype);
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    code: row.code,
    type: row.kind,
    type_label: COMPANY_TYPES[row.kind as CompanyType] ?? row.kind,
    subtype: row.subtype,
    subtype_label: subtype?.label ?? null,
    level: row.level,
    comune: row.comune,
    provincia: row.provincia,
    regione: row.regione,
    email: row.email,
    phone: row.phone,
    active: row.active,
    operators: row.operatorCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function filterOf(query: TAdminCompaniesQuery): registry.AdminCompanyFilter {
  return {
    q: query.q,
    type: query.type,
    subtype: query.subtype,
    level: query.level,
    regione: query.regione,
    provincia: query.provincia,
    comune: query.comune,
    status: query.status,
  };
}

/** `GET companies`: a page of companies, filtered and sorted. */
export async function listCompanies(ctx: ModuleContext, query: TAdminCompaniesQuery) {
  const { rows, total } = await registry.listCompanies(ctx.db, filterOf(query), {
    sort: query.sort,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentCompany(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** The company a `{company}` hashid names, any state; 404 otherwise. */
export async function companyOf(ctx: ModuleContext, hashid: string, db: Executor = ctx.db): Promise<AdminRow> {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await registry.companyWithCount(db, id);
  if (!row) throw notFound();
  return row;
}

/** `GET companies/{id}/admin` detail: every field, and every platform service with the company's settings. */
export async function companyDetail(ctx: ModuleContext, hashid: string): Promise<TAdminCompanyDetail> {
  return detailOf(ctx, await companyOf(ctx, hashid));
}

async function detailOf(ctx: ModuleContext, row: AdminRow): Promise<TAdminCompanyDetail> {
  const [services, withHours] = await Promise.all([
    listCompanyServices(ctx.db, row.id),
    registry.platformServicesWithHours(ctx.db, row.id),
  ]);
  const byRef = new Map(services.map((s) => [s.positionRef, s]));
  return {
    ...presentCompany(ctx, row),
    vat_number: row.vatNumber,
    pec: row.pec,
    website: row.website,
    description: row.description,
    address: row.address,
    cap: row.cap,
    asl: row.asl,
    latitude: row.lat,
    longitude: row.lng,
    services: PLATFORM_SERVICE_REFS.map((ref) => {
      const service = byRef.get(ref);
      if (service) return { ...companyService(ctx.ids, service, withHours.has(service.id)), enabled: true };
      return {
        ...companyService(
          ctx.ids,
          {
            id: 0,
            companyId: row.id,
            positionRef: ref,
            active: false,
            proxyStatus: false,
            proxyScheduling: false,
            payedByCompany: false,
            payedByCitizen: false,
            slotMinutes: 30,
            capacity: null,
            createdAt: row.createdAt,
          },
          false,
        ),
        enabled: false,
      };
    }),
  };
}

// ─── Register and update ───────────────────────────────────────────────────────────────────────

const key = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The place as the geo reference data writes it (province sigla, official names); a mismatch is a 422. */
async function officialPlace(body: { regione: string; provincia: string; comune: string }) {
  const province = (await listProvinces()).find(
    (p) => key(p.sigla) === key(body.provincia) || key(p.provincia) === key(body.provincia),
  );
  if (!province) throw fieldError("provincia", "Provincia non trovata");
  const comune = (await listComuni({ provincia: province.sigla })).find((c) => key(c.comune) === key(body.comune));
  if (!comune) throw fieldError("comune", "Comune non trovato nella provincia indicata");
  if (key(province.regione) !== key(body.regione)) throw fieldError("regione", "La provincia non è in questa regione");
  return { provincia: province.sigla, comune: comune.comune, regione: province.regione };
}

async function companyValues(body: TAdminCompanyBody) {
  const place = await officialPlace(body);
  return {
    name: body.name,
    kind: body.type,
    subtype: body.subtype,
    level: body.level,
    email: body.email ?? null,
    pec: body.pec ?? null,
    phone: body.phone ?? null,
    vatNumber: body.vat_number ?? null,
    website: body.website ?? null,
    description: body.description,
    address: body.address,
    cap: body.cap,
    asl: body.asl,
    ...place,
  };
}

/** What the audit keeps of a company: its fields, never the code. */
function auditable(row: Partial<CompanyRow>) {
  const { code: _code, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

const ALL_PERMISSIONS = Object.values(OPERATOR_PERMISSIONS);

/**
 * `POST companies/new/register`: the company with a fresh unique 10-character code, and its first
 * administrator operator (a new account, every permission string) in one transaction; then the
 * operator's welcome e-mail with a single-use set-password link valid 72 hours.
 */
export async function registerCompany(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TCompanyRegisterBody,
): Promise<TAdminCompanyDetail> {
  const values = await companyValues(body);
  const { administrator } = body;
  if (await emailTaken(ctx.db, administrator.email)) throw fieldError("administrator.email", EMAIL_TAKEN_MESSAGE);
  let companyId = 0;
  const userId = await createAccountFor(
    ctx,
    request,
    {
      email: administrator.email,
      type: 1,
      // The operator accepts the terms and the privacy notice at their first sign-in (post-login gate).
      consents: {
        data_consense: false,
        share_consense: false,
        charge_consense: false,
        notification_consense: true,
        marketing_consense: false,
      },
      anagrafica: toAnagraficaValues({
        name: administrator.name,
        surname: administrator.surname,
        cf: null,
        gender: null,
        birthday: null,
        nazione_nascita: "italia",
        estero: false,
        regione: null,
        provincia: null,
        comune: null,
        cap: null,
        address: null,
        prefix: "+39",
        tel_number: null,
        home_number: null,
        tel_number_secondary: null,
        prefix_secondary: "+39",
        ts_number: null,
        medico_base: null,
        denominazione_asl: null,
        title: null,
        id_albo: null,
        tipo_albo: null,
        specializzazione: null,
      }),
      auditDetail: { type: 1, company_administrator: true },
      async withinTransaction(tx, id) {
        const company = await registry.insertCompany(tx, values);
        companyId = company.id;
        await registry.insertOperator(tx, {
          userId: id,
          companyId: company.id,
          role: COMPANY_ADMIN_ROLE,
          permissions: ALL_PERMISSIONS,
          approval: "approved",
          active: true,
        });
        await recordAudit(tx, actorOf(request), {
          action: "company.registered",
          entity: "company",
          entityId: company.id,
          companyId: company.id,
          detail: { before: null, after: { ...values, active: true }, administrator_user_id: id },
        });
      },
    },
    { verificationMail: false },
  );
  // One e-mail: the welcome link, whose password choice also verifies the address.
  await sendWelcome(ctx, request, userId, companyId, administrator.name, administrator.email);
  return detailOf(ctx, await companyOf(ctx, ctx.ids.encode(companyId)));
}

/**
 * The welcome e-mail of a company's first operator: identity's single-use set-password link, valid
 * 72 hours. The company exists whatever the mail server says; the administrator can send it again
 * (POST users/{id}/send-welcome-email).
 */
async function sendWelcome(
  ctx: ModuleContext,
  request: FastifyRequest,
  userId: number,
  companyId: number,
  name: string,
  email: string,
): Promise<void> {
  const sent = await sendWelcomeLink(ctx, request, { id: userId, email, name }).catch((error: unknown) => {
    request.log.error({ err: error }, "welcome e-mail not sent");
    return false;
  });
  await recordAudit(ctx.db, actorOf(request), {
    action: "company.administrator_welcomed",
    entity: "user",
    entityId: userId,
    companyId,
    detail: { sent, valid_hours: WELCOME_LINK_HOURS },
  });
}

/** `PUT companies/{id}`: the whole record, level and type included. */
export async function updateCompany(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TAdminCompanyBody,
): Promise<TAdminCompanyDetail> {
  const current = await companyOf(ctx, hashid);
  const values = await companyValues(body);
  await ctx.db.transaction(async (tx) => {
    await registry.updateCompany(tx, current.id, values);
    const before = auditable(current);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => (before as Record<string, unknown>)[k] !== v),
    );
    await recordAudit(tx, actorOf(request), {
      action: "company.updated",
      entity: "company",
      entityId: current.id,
      companyId: current.id,
      detail: {
        before: Object.fromEntries(Object.keys(changed).map((k) => [k, (before as Record<string, unknown>)[k]])),
        after: changed,
      },
    });
  });
  return detailOf(ctx, await companyOf(ctx, hashid));
}

/**
 * `PATCH companies/{id}/toggle-status`: a disabled company leaves the search (only active companies
 * are searched), its operators cannot sign in and their sessions stop (the membership of a disabled
 * company counts as suspended, companies/service.ts), and its open bookings stay as they are.
 */
export async function toggleStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  active: boolean | undefined,
): Promise<{ detail: TAdminCompanyDetail; active: boolean }> {
  const id = (await companyOf(ctx, hashid)).id;
  const next = await ctx.db.transaction(async (tx) => {
    const row = await registry.lockCompany(tx, id);
    if (!row) throw notFound();
    const value = active ?? !row.active;
    if (value !== row.active) {
      await registry.updateCompany(tx, id, { active: value });
      await recordAudit(tx, actorOf(request), {
        action: value ? "company.enabled" : "company.disabled",
        entity: "company",
        entityId: id,
        companyId: id,
        detail: { before: { active: row.active }, after: { active: value } },
      });
    }
    return value;
  });
  return { detail: await companyDetail(ctx, hashid), active: next };
}

// ─── Operators ─────────────────────────────────────────────────────────────────────────────────

/** `GET companies/{id}/operators` is the companies module's (its route serves administrators). */
export { listCompanyOperators };

async function membershipOf(ctx: ModuleContext, hashid: string, db: Executor = ctx.db) {
  const userId = ctx.ids.decode(hashid);
  const row = userId === null ? null : await registry.membershipRow(db, userId);
  if (!row || row.approval === "refused") throw notFound();
  return row;
}

const isAdministrator = (row: { role: string; approval: string; active: boolean }) =>
  row.role === COMPANY_ADMIN_ROLE && row.approval === "approved" && row.active;

/**
 * 409 when the membership is its company's only enabled administrator, who must stay (removed,
 * demoted or moved to another company). The caller holds the company's row lock
 * (registry.lockCompany), so two departures of its two administrators run one after the other.
 */
export async function keepLastAdministrator(
  tx: Executor,
  row: { companyId: number; role: string; approval: string; active: boolean },
): Promise<void> {
  if (!isAdministrator(row)) return;
  const admins = await registry.administratorIds(tx, row.companyId, COMPANY_ADMIN_ROLE);
  if (admins.length <= 1) throw conflict(ADMIN_COMPANY_MESSAGES.lastAdministrator);
}

/**
 * `DELETE companies/operators/{id}/remove`: detaches the operator from their company (the membership
 * goes, the account stays). The only enabled administrator of a company stays: 409.
 */
export async function removeOperator(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<string> {
  const found = await membershipOf(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    // The company's row is locked first: two removals of its two administrators run one after the other.
    await registry.lockCompany(tx, found.companyId);
    const row = await membershipOf(ctx, hashid, tx);
    await keepLastAdministrator(tx, row);
    await registry.deleteMembership(tx, row.companyId, row.userId);
    await recordAudit(tx, actorOf(request), {
      action: "operator.removed",
      entity: "operator",
      entityId: row.userId,
      companyId: row.companyId,
      detail: {
        before: { company_id: row.companyId, role: row.role, permessi: row.permissions, approval: row.approval },
        after: null,
      },
    });
  });
  return ADMIN_COMPANY_MESSAGES.operatorRemoved;
}

/**
 * `PATCH companies/operators/{id}/admin/change-role`: role and permission strings replaced. The only
 * enabled administrator of a company keeps the role and the right to manage operators: 409.
 */
export async function changeRole(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TAdminOperatorRoleBody,
): Promise<TOperator> {
  const found = await membershipOf(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    await registry.lockCompany(tx, found.companyId);
    const row = await membershipOf(ctx, hashid, tx);
    const staysAdministrator =
      body.role === COMPANY_ADMIN_ROLE && body.permessi.includes(OPERATOR_PERMISSIONS.manageOperators);
    if (!staysAdministrator) await keepLastAdministrator(tx, row);
    await registry.setRole(tx, row.companyId, row.userId, { role: body.role, permissions: body.permessi });
    await recordAudit(tx, actorOf(request), {
      action: "operator.role_updated",
      entity: "operator",
      entityId: row.userId,
      companyId: row.companyId,
      detail: {
        before: { role: row.role, permessi: row.permissions },
        after: { role: body.role, permessi: body.permessi },
      },
    });
  });
  // The operator as the company's list shows them (any size of company: read by id, not from a page).
  return presentOperator(ctx, principal, await companyOperator(ctx, found.companyId, hashid));
}

/**
 * `POST companies/{id}/admin/code/send`: the company's code by e-mail to its administrators (or to
 * the address given), who hand it to the colleagues joining as operators.
 */
export async function sendCode(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  email: string | undefined,
): Promise<string> {
  const company = await companyOf(ctx, hashid);
  let recipients: string[];
  if (email) recipients = [email];
  else {
    const ids = await registry.administratorIds(ctx.db, company.id, COMPANY_ADMIN_ROLE);
    const users = await Promise.all(ids.map((id) => currentUser(ctx, id).catch(() => null)));
    recipients = users.flatMap((u) => (u?.email ? [u.email] : []));
  }
  if (recipients.length === 0) throw conflict(ADMIN_COMPANY_MESSAGES.noAdministrator);
  const link = `${ctx.config.publicUrl}/registrazione`;
  for (const to of recipients) {
    await ctx.mailer.send({
      to,
      subject: `Codice azienda di ${company.name}`,
      text:
        `Buongiorno,\n\nil codice della struttura ${company.name} su Cura è: ${company.code}\n\n` +
        `Consegnalo ai colleghi che devono registrarsi come operatori (${link}); ` +
        "dopo la registrazione li abiliti tu da Impostazioni › Operatori.",
    });
  }
  await recordAudit(ctx.db, actorOf(request), {
    action: "company.code_sent",
    entity: "company",
    entityId: company.id,
    companyId: company.id,
    detail: { to: recipients },
  });
  return ADMIN_COMPANY_MESSAGES.codeSent;
}

// ─── Platform services ─────────────────────────────────────────────────────────────────────────

/** `PATCH companies/{id}/services/set/{service_hash}`: enables a platform service for the company and who pays. */
export async function setService(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  serviceHash: string,
  body: TAdminCompanyServiceBody,
): Promise<TCompanyService & { enabled: boolean }> {
  const company = await companyOf(ctx, hashid);
  const ref = platformRef(ctx.ids, serviceHash);
  const before = (await listCompanyServices(ctx.db, company.id)).find((s) => s.positionRef === ref) ?? null;
  const values = {
    active: body.active,
    payedByCompany: body.payed_by_company,
    payedByCitizen: body.payed_by_citizen,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const row = await registry.upsertCompanyService(tx, company.id, ref, values);
    await recordAudit(tx, actorOf(request), {
      action: "company_service.set",
      entity: "company_service",
      entityId: row.id,
      companyId: company.id,
      detail: {
        position_ref: ref,
        before: before
          ? {
              active: before.active,
              payed_by_company: before.payedByCompany,
              payed_by_citizen: before.payedByCitizen,
            }
          : null,
        after: body,
      },
    });
    return row;
  });
  const withHours = await registry.platformServicesWithHours(ctx.db, company.id);
  return { ...companyService(ctx.ids, row, withHours.has(row.id)), enabled: true };
}

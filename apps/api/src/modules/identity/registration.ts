import {
  AREA_BY_USER_TYPE,
  BUILTIN_SETTINGS,
  DomainError,
  type FieldErrors,
  NO_PROJECT,
  type TUser,
  type UserType,
  type ZRegisterBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Transaction } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { settingFlag } from "../../platform/settings.ts";
import { isCompanyCode, joinCompanyByCode } from "../companies/index.ts";
import { toAnagraficaValues } from "./anagrafica.ts";
import { commonPasswordProblem } from "./common-passwords.ts";
import * as repository from "./repository.ts";
import { currentUser } from "./service.ts";
import { openSession } from "./sessions.ts";
import { reserveRegistration } from "./throttle.ts";
import { sendVerificationMail } from "./verification.ts";

export const EMAIL_TAKEN_MESSAGE = "Indirizzo e-mail già registrato";
export const INVALID_COMPANY_CODE_MESSAGE = "Codice azienda non valido";
export const OPERATOR_REGISTRATION_BLOCKED_MESSAGE = "La registrazione degli operatori è momentaneamente sospesa";
export const INVALID_PROJECT_MESSAGE = "Progetto non valido";

type RegisterBody = z.output<typeof ZRegisterBody>;

/**
 * POST users/register (spec 000 §2.4). The body has passed the shared form schema; what needs the
 * database or the password dictionaries is checked here, and every failure is reported at once,
 * under its body path, like the schema's.
 */
export async function register(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: RegisterBody,
): Promise<{ token: string; user: TUser }> {
  await reserveRegistration(ctx.db, request.ip);
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  const common = await commonPasswordProblem(body.password, [
    body.anagrafica.name,
    body.anagrafica.surname,
    body.email,
    body.email.split("@")[0],
  ]);
  if (common) add("password", common);
  if (await repository.emailTaken(ctx.db, body.email)) add("email", EMAIL_TAKEN_MESSAGE);
  // Projects arrive with the projects module; until then no hashid names a public active project.
  if (body.project !== NO_PROJECT) add("project", INVALID_PROJECT_MESSAGE);
  const companyCode = body.company_code?.trim() ?? "";
  if (body.type === 1) {
    // The back office can close operators' registration (feature.operator_registration_blocked).
    const blocked = await settingFlag(
      ctx.db,
      "feature.operator_registration_blocked",
      BUILTIN_SETTINGS["feature.operator_registration_blocked"].value,
    );
    if (blocked) add("type", OPERATOR_REGISTRATION_BLOCKED_MESSAGE);
    else if (!(await isCompanyCode(ctx.db, companyCode))) add("company_code", INVALID_COMPANY_CODE_MESSAGE);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const type = body.type as UserType;
  return createAccount(ctx, request, {
    email: body.email,
    passwordHash: await hashPassword(body.password),
    type,
    consents: body,
    anagrafica: toAnagraficaValues(body.anagrafica),
    auditDetail: { type },
    // An operator asks to join the company whose code they gave, in the same transaction: pending
    // until an administrator of the company enables them (companies/operator-requests.ts).
    async withinTransaction(tx, userId) {
      const applicant = { name: body.anagrafica.name, surname: body.anagrafica.surname, email: body.email };
      if (type === 1 && !(await joinCompanyByCode(tx, userId, companyCode, applicant))) {
        throw validationError({ company_code: [INVALID_COMPANY_CODE_MESSAGE] });
      }
    },
  });
}

type Consents = Pick<
  RegisterBody,
  "data_consense" | "share_consense" | "charge_consense" | "notification_consense" | "marketing_consense"
>;

export interface NewAccount {
  email: string;
  /** Null for accounts created through SPID or CIE: they sign in there, or set one by recovery. */
  passwordHash: string | null;
  type: UserType;
  consents: Consents;
  anagrafica: ReturnType<typeof toAnagraficaValues>;
  /** Added to the user.registered audit entry, beside the consents. */
  auditDetail: Record<string, unknown>;
  withinTransaction?: (tx: Transaction, userId: number) => Promise<void>;
}

/**
 * Creates an account whose data has been checked: user, personal record and audit entry in one
 * transaction; then the verification e-mail and a first session. Used by every way of registering.
 */
export async function createAccount(
  ctx: ModuleContext,
  request: FastifyRequest,
  account: NewAccount,
): Promise<{ token: string; user: TUser }> {
  const user = await insertAccount(ctx, request, account);
  // The account exists whatever the mail server says; the page offers "send again" (POST email/resend).
  await sendVerificationMail(ctx, { id: user.id, email: account.email, name: account.anagrafica.name }).catch(
    (error: unknown) => request.log.error({ err: error }, "verification e-mail not sent"),
  );
  const { token } = await openSession(ctx.db, user, request);
  return { token, user: await currentUser(ctx, user.id) };
}

/**
 * An account that someone else creates for a person (an operator registering a patient at the
 * counter, spec 002 §7 `companies/paziente/register`): no password and no session. The person sets
 * a password by recovery or signs in with SPID/CIE; the verification e-mail goes out when an address
 * was given. The audit entry names the operator as its actor. Returns the new user's id.
 */
export async function createAccountFor(
  ctx: ModuleContext,
  request: FastifyRequest,
  account: Omit<NewAccount, "email" | "passwordHash"> & { email: string | null },
  options: { verificationMail?: boolean } = {},
): Promise<number> {
  const user = await insertAccount(ctx, request, { ...account, passwordHash: null }, { registeredBy: "actor" });
  // The caller that sends the welcome link at once (the back office's company registration) asks for
  // no verification e-mail: choosing a password from that link verifies the address.
  if (account.email && options.verificationMail !== false) {
    const email = account.email;
    await sendVerificationMail(ctx, { id: user.id, email, name: account.anagrafica.name }).catch((error: unknown) =>
      request.log.error({ err: error }, "verification e-mail not sent"),
    );
  }
  return user.id;
}

/** User, personal record and audit entry in one transaction; a taken e-mail is a 422. */
async function insertAccount(
  ctx: ModuleContext,
  request: FastifyRequest,
  account: Omit<NewAccount, "email"> & { email: string | null },
  options: { registeredBy: "self" | "actor" } = { registeredBy: "self" },
) {
  const { consents } = account;
  const consentValues = {
    data_consense: consents.data_consense,
    share_consense: consents.share_consense,
    charge_consense: consents.charge_consense,
    notification_consense: consents.notification_consense,
    marketing_consense: consents.marketing_consense,
  };
  return ctx.db
    .transaction(async (tx) => {
      const created = await repository.insertUser(tx, {
        email: account.email,
        passwordHash: account.passwordHash,
        type: account.type,
        iAm: AREA_BY_USER_TYPE[account.type],
        dataConsense: consents.data_consense,
        shareConsense: consents.share_consense,
        chargeConsense: consents.charge_consense,
        notificationConsense: consents.notification_consense,
        marketingConsense: consents.marketing_consense,
      });
      await repository.insertAnagrafica(tx, { ...account.anagrafica, userId: created.id });
      await account.withinTransaction?.(tx, created.id);
      // Who registers: the new person themself, or the signed-in operator who registers them.
      const actor =
        options.registeredBy === "self"
          ? { ...actorOf(request), userId: created.id, userType: account.type }
          : actorOf(request);
      await recordAudit(tx, actor, {
        action: "user.registered",
        entity: "user",
        entityId: created.id,
        // The consents given at registration are the first entry of the consent record.
        detail: { ...account.auditDetail, ...consentValues },
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two registrations with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw validationError({ email: [EMAIL_TAKEN_MESSAGE] });
      throw error;
    });
}

function validationError(errors: FieldErrors): DomainError {
  return new DomainError("validation", { message: Object.values(errors)[0]?.[0], errors });
}

import {
  AREA_BY_USER_TYPE,
  COMPANY_MESSAGES,
  DomainError,
  OPERATOR_REFUSED_CODE,
  type TUser,
  type UserType,
  unauthenticated,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { companySummary, type Membership, membershipOf } from "../companies/index.ts";
import * as repository from "./repository.ts";
import { openSession, type SessionUser, sessionUserOf } from "./sessions.ts";
import * as throttle from "./throttle.ts";

export const DISABLED_MESSAGE = "La tua utenza è stata disabilitata";
export const WRONG_CREDENTIALS_MESSAGE = "Credenziali errate.";

let dummyHash: Promise<string> | null = null;
const timingHash = () => {
  dummyHash ??= hashPassword("cura-timing-equaliser-not-a-password");
  return dummyHash;
};

export async function login(ctx: ModuleContext, request: FastifyRequest, body: { email: string; password: string }) {
  const user = await repository.findUserByLogin(ctx.db, body.email);
  const key = throttle.accountKey(user, body.email);
  // Reserved before the password is checked, so a throttled account answers 429 whether the
  // password is right or wrong, no password is even hashed while it is throttled, and a burst of
  // guesses sent together gets exactly the limit checked.
  const attempt = await throttle.reserveAttempt(ctx.db, key, request.ip);
  if (!attempt.allowed) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "login.throttled",
      entity: "user",
      entityId: user?.id ?? null,
      detail: { limit: attempt.limit },
    });
    throw throttle.throttledError(attempt.retryAfterSeconds);
  }
  // An unknown account (or one without a password) costs the same argon2 verification as a known
  // one, so timing tells nothing; the dummy hash can never make the attempt valid.
  const passwordHash = user?.passwordHash ?? null;
  const matches = await verifyPassword(passwordHash ?? (await timingHash()), body.password);
  const valid = passwordHash !== null && matches;
  if (!user || !valid) {
    // The reserved slots stay taken: they are this failure.
    await recordAudit(ctx.db, actorOf(request), { action: "login.failed", entity: "user", entityId: user?.id ?? null });
    throw new DomainError("validation", { message: WRONG_CREDENTIALS_MESSAGE, extra: { status: false } });
  }
  // The right password is not a failure, even when the account may not sign in.
  await throttle.forgive(ctx.db, attempt.slots);
  const membership = user.type === 1 ? await membershipOf(ctx.db, user.id) : null;
  const refusal = signInRefusal(user, membership);
  if (refusal) throw refusal;
  await throttle.clearFailures(ctx.db, key);
  const { token } = await openSession(ctx.db, user, request);
  await recordAudit(
    ctx.db,
    { ...actorOf(request), userId: user.id, userType: user.type },
    {
      action: "login",
      entity: "user",
      entityId: user.id,
    },
  );
  return { token, user: await currentUser(ctx, user.id) };
}

/**
 * Why an account with valid credentials may still not sign in: disabled, suspended by its company,
 * or refused by the company it asked to join. An operator still waiting to be enabled signs in (to
 * complete their own verification and see that they wait), and reaches nothing of the company.
 */
export function signInRefusal(user: { disabledAt: Date | null }, membership: Membership | null): DomainError | null {
  if (membership?.status === "refused") {
    return new DomainError("unauthenticated", {
      message: COMPANY_MESSAGES.operatorRefused,
      publicCode: OPERATOR_REFUSED_CODE,
    });
  }
  if (user.disabledAt || membership?.status === "suspended") {
    return new DomainError("unauthenticated", { message: DISABLED_MESSAGE, publicCode: "user_disabled" });
  }
  return null;
}

export async function logout(ctx: ModuleContext, request: FastifyRequest, principal: Principal): Promise<void> {
  await repository.revokeSession(ctx.db, principal.sessionId);
  await recordAudit(ctx.db, actorOf(request), { action: "logout", entity: "user", entityId: principal.userId });
}

/** The signed-in user as the client sees it (spec 000 §3 User): never a hash or a token. */
export async function currentUser(ctx: ModuleContext, userId: number): Promise<TUser> {
  const user = await repository.findUserById(ctx.db, userId);
  if (!user || user.deletedAt) throw unauthenticated();
  const [anagrafica, membership] = await Promise.all([
    repository.findAnagrafica(ctx.db, user.id),
    user.type === 1 ? membershipOf(ctx.db, user.id) : Promise.resolve(null),
  ]);
  return presentUser(ctx, { user, anagrafica, membership });
}

/**
 * `GET users/fresh/me`: the user as the session lookup of this very request read them (user,
 * personal record, membership in one query), not read again; read afresh when there is none.
 */
export async function requestUser(ctx: ModuleContext, request: FastifyRequest, userId: number): Promise<TUser> {
  const loaded = sessionUserOf(request);
  return loaded && loaded.user.id === userId ? presentUser(ctx, loaded) : currentUser(ctx, userId);
}

async function presentUser(ctx: ModuleContext, { user, anagrafica, membership }: SessionUser): Promise<TUser> {
  // A pending operator is told nothing of the company yet: no summary, no library, no permissions.
  const enabled = membership?.status === "enabled" ? membership : null;
  const company = enabled ? await companySummary(ctx.db, ctx.ids, enabled.companyId) : null;
  const type = user.type as UserType;
  const allConsenses = user.dataConsense && user.shareConsense && user.chargeConsense;
  return {
    hashid: ctx.ids.encode(user.id),
    email: user.email,
    username: user.username,
    type,
    i_am: AREA_BY_USER_TYPE[type],
    number_verified_at: user.numberVerifiedAt?.toISOString() ?? null,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    all_consenses: allConsenses,
    temporary_password: user.temporaryPassword,
    expired_password: user.expiredPassword ? 1 : 0,
    profile_pic: user.profilePicFileId ? `/api/v1/resources/private/${ctx.ids.encode(user.profilePicFileId)}` : null,
    session_timeout_minutes: user.sessionTimeoutMinutes,
    anagrafica: anagrafica
      ? {
          regione: anagrafica.regione,
          provincia: anagrafica.provincia,
          comune: anagrafica.comune,
          cap: anagrafica.cap,
          address: anagrafica.address,
          name: anagrafica.name,
          surname: anagrafica.surname,
          cf: anagrafica.cf,
          gender: anagrafica.gender,
          birthday: anagrafica.birthday,
          ts_number: anagrafica.tsNumber,
          prefix: anagrafica.prefix,
          tel_number: anagrafica.telNumber,
          home_number: anagrafica.homeNumber,
          tel_number_secondary: anagrafica.telNumberSecondary,
          prefix_secondary: anagrafica.prefixSecondary,
          medico_base: anagrafica.medicoBase,
          denominazione_asl: anagrafica.denominazioneAsl,
          title: anagrafica.title,
          id_albo: anagrafica.idAlbo,
          tipo_albo: anagrafica.tipoAlbo,
          specializzazione: anagrafica.specializzazione,
          nazione_nascita: anagrafica.nazioneNascita,
          estero: anagrafica.estero,
        }
      : null,
    permessi: enabled?.permissions ?? [],
    company,
    my_company: company?.hashid ?? null,
    operator_status: membership?.status === "pending" ? "pending" : enabled ? "enabled" : null,
    push_token: user.pushToken,
    data_consense: user.dataConsense,
    share_consense: user.shareConsense,
    charge_consense: user.chargeConsense,
    notification_consense: user.notificationConsense,
    marketing_consense: user.marketingConsense,
  };
}

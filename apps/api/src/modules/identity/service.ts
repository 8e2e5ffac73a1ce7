import { AREA_BY_USER_TYPE, DomainError, type TUser, type UserType, unauthenticated } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { companySummary, membershipOf } from "../companies/service.ts";
import * as repository from "./repository.ts";
import { openSession } from "./sessions.ts";
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
  // Checked before the password, so a throttled account answers 429 whether the password is right
  // or wrong, and no password is even hashed while it is throttled.
  const limit = await throttle.throttledBy(ctx.db, key, request.ip);
  if (limit) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "login.throttled",
      entity: "user",
      entityId: user?.id ?? null,
      detail: { limit },
    });
    throw throttle.throttledError();
  }
  // An unknown account (or one without a password) costs the same argon2 verification as a known
  // one, so timing tells nothing; the dummy hash can never make the attempt valid.
  const passwordHash = user?.passwordHash ?? null;
  const matches = await verifyPassword(passwordHash ?? (await timingHash()), body.password);
  const valid = passwordHash !== null && matches;
  if (!user || !valid) {
    await ctx.db.transaction(async (tx) => {
      await throttle.recordFailure(tx, key, request.ip);
      await recordAudit(tx, actorOf(request), { action: "login.failed", entity: "user", entityId: user?.id ?? null });
    });
    throw new DomainError("validation", { message: WRONG_CREDENTIALS_MESSAGE, extra: { status: false } });
  }
  const membership = user.type === 1 ? await membershipOf(ctx.db, user.id) : null;
  if (user.disabledAt || (membership && !membership.active)) {
    throw new DomainError("unauthenticated", { message: DISABLED_MESSAGE, publicCode: "user_disabled" });
  }
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
  const company = membership ? await companySummary(ctx.db, ctx.ids, membership.companyId) : null;
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
    permessi: membership?.permissions ?? [],
    company,
    my_company: company?.hashid ?? null,
    push_token: user.pushToken,
    data_consense: user.dataConsense,
    share_consense: user.shareConsense,
    charge_consense: user.chargeConsense,
    notification_consense: user.notificationConsense,
    marketing_consense: user.marketingConsense,
  };
}

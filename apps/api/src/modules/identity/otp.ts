import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  fieldError,
  maskPhone,
  notFound,
  OTP_CAUSES,
  OTP_LIMITS,
  OTP_STATUS,
  PHONE_MESSAGES,
  throttled,
  type ZOtpSendBody,
  type ZOtpVerifyBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { reserve } from "../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../platform/module.ts";
import type { OtpRow } from "./otp-repository.ts";
import * as otpRepository from "./otp-repository.ts";
import * as repository from "./repository.ts";

export const OTP_SEND_LIMIT_MESSAGE = "Hai raggiunto il numero massimo di invii: riprova più tardi";
export const NUMBER_VERIFIED_MESSAGE = "Numero verificato";

type OtpStatus = (typeof OTP_STATUS)[keyof typeof OTP_STATUS];

/**
 * The HMAC of a code under the application secret, bound to its row's owner and cause: a copy of
 * the table alone does not give the codes back.
 */
function codeHash(secret: string, userId: number, cause: number, code: string): string {
  return createHmac("sha256", secret).update(`otp\n${userId}\n${cause}\n${code}`).digest("hex");
}

/** One-time codes are only ever about oneself: another user's hashid is a 404. */
function assertSelf(ctx: ModuleContext, principal: Principal, userHashid: string): void {
  if (ctx.ids.decode(userHashid) !== principal.userId) throw notFound();
}

/**
 * POST otp/send/{userHashid} (spec 001 §4 "OTP flow"): six digits, valid 299 s, by SMS. Phone
 * verification (cause 1) always goes to the first phone, the one being verified; other causes may
 * use the reserve phone. At most 3 sends per user and cause an hour.
 */
export async function sendOtp(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  userHashid: string,
  body: z.output<typeof ZOtpSendBody>,
) {
  assertSelf(ctx, principal, userHashid);
  const secondary = body.secondary === true && body.cause !== OTP_CAUSES.phoneVerification;
  const anagrafica = await repository.findAnagrafica(ctx.db, principal.userId);
  const number = secondary ? anagrafica?.telNumberSecondary : anagrafica?.telNumber;
  if (!anagrafica || !number) {
    throw fieldError(secondary ? "tel_number_secondary" : "tel_number", PHONE_MESSAGES.invalid);
  }
  const phone = `${secondary ? anagrafica.prefixSecondary : anagrafica.prefix}${number}`;
  const code = String(randomInt(0, 10 ** OTP_LIMITS.digits)).padStart(OTP_LIMITS.digits, "0");

  const row = await ctx.db.transaction(async (tx) => {
    await repository.lockUser(tx, principal.userId);
    // The platform limiter, in this transaction: a code that is not stored gives its slot back.
    const slot = await reserve(tx, {
      key: `otp:send:${principal.userId}:${body.cause}`,
      limit: OTP_LIMITS.sendsPerHour,
      windowSeconds: 60 * 60,
    });
    if (!slot.allowed) throw throttled(OTP_SEND_LIMIT_MESSAGE, slot.retryAfterSeconds);
    await otpRepository.deletePendingCodes(tx, principal.userId, body.cause);
    const created = await otpRepository.insertCode(tx, {
      userId: principal.userId,
      cause: body.cause,
      validatableId: body.validatable_id ?? null,
      phone,
      secondary,
      codeHash: codeHash(ctx.config.appSecret, principal.userId, body.cause, code),
      expiresAt: new Date(Date.now() + OTP_LIMITS.validitySeconds * 1000),
    });
    await recordAudit(tx, actorOf(request), {
      action: "otp.sent",
      entity: "user",
      entityId: principal.userId,
      detail: { cause: body.cause, secondary },
    });
    return created;
  });
  await ctx.sms.send({ to: phone, text: `Cura: il tuo codice di verifica è ${code}. Scade tra 5 minuti.` });
  return { hashid: ctx.ids.encode(row.id), status: OTP_STATUS.sent, number: maskPhone(number) };
}

/** The status of a code no longer open to attempts, or null while it is open. */
function closedStatus(otp: OtpRow, expired: boolean): OtpStatus | null {
  if (otp.deletedAt) return OTP_STATUS.deleted;
  if (otp.verifiedAt) return OTP_STATUS.alreadyVerified;
  if (expired) return OTP_STATUS.expired;
  return null;
}

/**
 * POST otp/verify/{userHashid}: the statuses of spec 001 §4. Every attempt is counted atomically
 * before the comparison, so parallel guesses cannot go past the limit; the fifth wrong code
 * deletes the code.
 */
export async function verifyOtp(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  userHashid: string,
  body: z.output<typeof ZOtpVerifyBody>,
  /** Another module's check (a signature): only a code sent for this cause counts; others are not found. */
  expectedCause?: number,
): Promise<{ status: OtpStatus }> {
  assertSelf(ctx, principal, userHashid);
  const id = ctx.ids.decode(body.hashid);
  const found = id ? await otpRepository.findCode(ctx.db, id, principal.userId) : null;
  if (!found || (expectedCause !== undefined && found.code.cause !== expectedCause)) throw notFound();
  const { code: otp } = found;
  const closed = closedStatus(otp, found.expired);
  if (closed !== null) return { status: closed };

  const attempts = await otpRepository.countAttempt(ctx.db, otp.id, OTP_LIMITS.wrongAttempts);
  if (attempts === null) {
    // A parallel request closed the code meanwhile (or used its last attempt): answer what it is now.
    const now = await otpRepository.findCode(ctx.db, otp.id, principal.userId);
    return { status: (now && closedStatus(now.code, now.expired)) ?? OTP_STATUS.deleted };
  }
  const expected = Buffer.from(otp.codeHash);
  const given = Buffer.from(codeHash(ctx.config.appSecret, principal.userId, otp.cause, body.code));
  const right = expected.length === given.length && timingSafeEqual(expected, given);

  return ctx.db.transaction(async (tx) => {
    const actor = actorOf(request);
    const entry = { entity: "user", entityId: principal.userId };
    if (!right) {
      const exhausted = attempts >= OTP_LIMITS.wrongAttempts;
      if (exhausted) await otpRepository.markDeleted(tx, otp.id);
      await recordAudit(tx, actor, { ...entry, action: "otp.failed", detail: { cause: otp.cause, exhausted } });
      return { status: exhausted ? OTP_STATUS.deleted : OTP_STATUS.wrong };
    }
    if (!(await otpRepository.markVerified(tx, otp.id))) {
      // The same right code in a parallel request, verified there first: it counts once.
      const now = await otpRepository.findCode(tx, otp.id, principal.userId);
      return { status: (now && closedStatus(now.code, now.expired)) ?? OTP_STATUS.alreadyVerified };
    }
    await recordAudit(tx, actor, { ...entry, action: "otp.verified", detail: { cause: otp.cause } });
    if (otp.cause === OTP_CAUSES.phoneVerification) {
      // Only the number the code went to is verified: if it was changed since, nothing is.
      const anagrafica = await repository.findAnagrafica(tx, principal.userId);
      if (anagrafica?.telNumber && `${anagrafica.prefix}${anagrafica.telNumber}` === otp.phone) {
        await repository.updateUser(tx, principal.userId, { numberVerifiedAt: new Date() });
        await recordAudit(tx, actor, { ...entry, action: "phone.verified", detail: { via: "sms" } });
      }
    } else if (otp.secondary) {
      // A code entered from the reserve phone proves its owner holds it: the only way the reserve
      // number is verified, and password recovery texts it only then (passwords.ts).
      const anagrafica = await repository.findAnagrafica(tx, principal.userId);
      const reserve = anagrafica?.telNumberSecondary
        ? `${anagrafica.prefixSecondary}${anagrafica.telNumberSecondary}`
        : null;
      if (reserve === otp.phone) {
        await repository.updateUser(tx, principal.userId, { secondaryNumberVerifiedAt: new Date() });
        await recordAudit(tx, actor, { ...entry, action: "phone.verified", detail: { via: "sms", secondary: true } });
      }
    }
    return { status: OTP_STATUS.verified };
  });
}

/**
 * PATCH users/{id}/number-verification (spec 001 §4): an operator marks a person's phone verified
 * after calling them. Who may, for whom, is the patients module's rule (an operator of a monitoring
 * room with the option, for a patient of their company); this records it, for the number on file.
 */
export async function markNumberVerifiedByOperator(
  ctx: ModuleContext,
  request: FastifyRequest,
  userId: number,
  companyId: number,
): Promise<string> {
  const anagrafica = await repository.findAnagrafica(ctx.db, userId);
  if (!anagrafica?.telNumber) throw fieldError("tel_number", PHONE_MESSAGES.invalid);
  await ctx.db.transaction(async (tx) => {
    await repository.updateUser(tx, userId, { numberVerifiedAt: new Date() });
    await recordAudit(tx, actorOf(request), {
      action: "phone.verified",
      entity: "user",
      entityId: userId,
      companyId,
      detail: { via: "operator" },
    });
  });
  return NUMBER_VERIFIED_MESSAGE;
}

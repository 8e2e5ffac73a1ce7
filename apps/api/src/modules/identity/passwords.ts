import {
  DomainError,
  fieldError,
  isValidEmail,
  isValidTaxCode,
  LIMITS,
  normalizeTaxCode,
  TAX_CODE_MESSAGE,
  type ZChangePasswordBody,
  type ZPasswordResetBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { reserve } from "../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { commonPasswordProblem } from "./common-passwords.ts";
import * as credentials from "./credentials-repository.ts";
import { escapeHtml, inBackground } from "./delivery.ts";
import type { AnagraficaRow, UserRow } from "./repository.ts";
import * as repository from "./repository.ts";
import * as throttle from "./throttle.ts";

export const RESET_LINK_MINUTES = 60;

export const RECOVERY_MESSAGES = {
  mailSent: "mail_inviata",
  invalidEmail: "email_non_valida",
  smsSent: "Messaggio inviato",
  linkExpired: "Link scaduto. Ripetere operazione",
  reset: "Password reimpostata",
  changed: "Password aggiornata",
  wrongCurrent: "Password attuale errata: se non la ricordi usa il recupero password",
} as const;

type ResetChannel = "email" | "sms" | "sms_secondary";

/**
 * POST users/password/forget. Any well-formed address gets the same answer at once; the link is
 * created and sent afterwards, only when the address belongs to an account and its owner verified
 * it (issue 9 §1: an address nobody proved to hold may be someone else's), so that neither the
 * answer nor its timing tells whether one exists.
 */
export function forgetByEmail(ctx: ModuleContext, request: FastifyRequest, email: string): string {
  if (!isValidEmail(email)) throw fieldError("email", RECOVERY_MESSAGES.invalidEmail);
  inBackground(request, "password recovery by e-mail", async () => {
    const user = await repository.findUserByLogin(ctx.db, email);
    if (!user?.email || user.disabledAt || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
    if (!user.emailVerifiedAt) return;
    const token = await issueResetToken(ctx, request, user, "email");
    if (!token) return;
    const link = `${ctx.config.publicUrl}/password/reset?email=${encodeURIComponent(user.email)}&token=${token}`;
    await ctx.mailer.send({
      to: user.email,
      subject: "Recupero password",
      text:
        `Abbiamo ricevuto una richiesta di recupero della password del tuo account Cura.\n\n` +
        `Per sceglierne una nuova apri questo link (valido ${RESET_LINK_MINUTES} minuti, una sola volta):\n\n${link}\n\n` +
        "Se non l'hai chiesto tu, ignora questo messaggio: la password resta quella di prima.",
      html:
        "<p>Abbiamo ricevuto una richiesta di recupero della password del tuo account Cura.</p>" +
        `<p><a href="${escapeHtml(link)}">Scegli una nuova password</a> (link valido ${RESET_LINK_MINUTES} minuti, una sola volta).</p>` +
        "<p>Se non l'hai chiesto tu, ignora questo messaggio: la password resta quella di prima.</p>",
    });
  });
  return RECOVERY_MESSAGES.mailSent;
}

/**
 * POST users/password/forget/cf: an SMS with the link to the first phone, or to the reserve phone
 * when `second` is set (spec 000 §2.8 modes 2 and 3), each only when verified. Same discretion as
 * by e-mail.
 */
export function forgetByTaxCode(ctx: ModuleContext, request: FastifyRequest, cf: string, second: boolean): string {
  if (!isValidTaxCode(cf)) throw fieldError("cf", TAX_CODE_MESSAGE);
  const code = normalizeTaxCode(cf);
  inBackground(request, "password recovery by tax code", async () => {
    // A tax code normally names one account; if several share it, each gets its own link.
    for (const { user, anagrafica } of await repository.findUsersByTaxCode(ctx.db, code)) {
      const phone = verifiedPhoneOf(user, anagrafica, second);
      if (!phone) continue;
      const token = await issueResetToken(ctx, request, user, second ? "sms_secondary" : "sms");
      if (!token) continue;
      // The page asks for the username; the tax code is what this person typed to get here.
      const link = `${ctx.config.publicUrl}/password/reset?username=${code}&token=${token}`;
      await ctx.sms.send({
        to: phone,
        text: `Cura: per scegliere una nuova password apri ${link} (valido ${RESET_LINK_MINUTES} minuti).`,
      });
    }
  });
  return RECOVERY_MESSAGES.smsSent;
}

/**
 * The number a recovery link may go to: only one its owner proved to hold (issue 9 §1), since
 * anybody who could write a number into the record, an operator or a stolen session, would
 * otherwise receive the link. Both timestamps are cleared whenever their number changes
 * (contacts.ts). The reserve phone is verified only by entering a one-time code sent to it
 * (otp.ts); until then mode 3 sends nothing and the page offers contacting support.
 */
function verifiedPhoneOf(user: UserRow, a: AnagraficaRow, second: boolean): string | null {
  const number = second ? a.telNumberSecondary : a.telNumber;
  const verified = second ? user.secondaryNumberVerifiedAt : user.numberVerifiedAt;
  return number && verified ? `${second ? a.prefixSecondary : a.prefix}${number}` : null;
}

/** How long the administrators' welcome link lasts (issue 14: 72 hours). */
export const WELCOME_LINK_HOURS = 72;

/**
 * POST users/{id}/send-welcome-email (admin module): a single-use link to set a password, the same
 * token as a recovery link (POST users/password/reset consumes it) valid WELCOME_LINK_HOURS. The
 * caller has checked the account (not deleted, not disabled, with an e-mail). False when this
 * account already had enough links this hour.
 */
export async function sendWelcomeLink(
  ctx: ModuleContext,
  request: FastifyRequest,
  user: { id: number; email: string; name: string | null },
): Promise<boolean> {
  const token = await issueResetToken(ctx, request, { id: user.id }, "email", WELCOME_LINK_HOURS * 60);
  if (!token) return false;
  const link = `${ctx.config.publicUrl}/password/reset?email=${encodeURIComponent(user.email)}&token=${token}`;
  const hello = user.name ? `Gentile ${user.name},` : "Gentile utente,";
  await ctx.mailer.send({
    to: user.email,
    subject: "Benvenuto in Cura",
    text:
      `${hello}\n\nè stato creato per te un account Cura. Per scegliere la tua password apri questo link ` +
      `(valido ${WELCOME_LINK_HOURS} ore, una sola volta):\n\n${link}\n\nPoi accedi con il tuo indirizzo e-mail.`,
    html:
      `<p>${escapeHtml(hello)}</p><p>è stato creato per te un account Cura.</p>` +
      `<p><a href="${escapeHtml(link)}">Scegli la tua password</a> (link valido ${WELCOME_LINK_HOURS} ore, una sola volta).</p>` +
      "<p>Poi accedi con il tuo indirizzo e-mail.</p>",
  });
  return true;
}

/** A new single-use link token, stored hashed; null when this account had enough links this hour. */
async function issueResetToken(
  ctx: ModuleContext,
  request: FastifyRequest,
  user: Pick<UserRow, "id">,
  channel: ResetChannel,
  minutes = RESET_LINK_MINUTES,
): Promise<string | null> {
  // More recovery messages than the limit are not sent: nobody can flood an inbox or a phone. The
  // slot is reserved before the link exists, so requests sent together cannot all pass a count.
  const slot = await reserve(ctx.db, {
    key: `recovery:user:${user.id}`,
    limit: LIMITS.recoveryMessages.attempts,
    windowSeconds: LIMITS.recoveryMessages.windowMinutes * 60,
  });
  if (!slot.allowed) return null;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await credentials.insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      channel,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    await recordAudit(tx, actorOf(request), {
      action: minutes === RESET_LINK_MINUTES ? "password.reset_requested" : "password.welcome_link_sent",
      entity: "user",
      entityId: user.id,
      detail: { channel, minutes },
    });
  });
  return token;
}

/**
 * POST users/password/reset. The token must be unused, unexpired and belong to the account named by
 * `email` or `username` (its e-mail, username or tax code); every failure reads the same.
 */
export async function resetPassword(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: z.output<typeof ZPasswordResetBody>,
): Promise<string> {
  const expired = () => fieldError("token", RECOVERY_MESSAGES.linkExpired);
  const found = await credentials.findUsableResetToken(ctx.db, hashToken(body.token));
  const user = found ? await repository.findUserById(ctx.db, found.userId) : null;
  if (!found || !user || user.deletedAt || user.disabledAt) throw expired();
  const anagrafica = await repository.findAnagrafica(ctx.db, user.id);
  const identifier = (body.email ?? body.username ?? "").trim().toLowerCase();
  const names = [user.email, user.username, anagrafica?.cf].map((v) => v?.toLowerCase());
  if (!identifier || !names.includes(normalizeIdentifier(identifier))) throw expired();
  await assertNotCommon(body.password, user, anagrafica);

  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await credentials.consumeResetToken(tx, found.id))) throw expired();
    await setPassword(tx, user.id, passwordHash);
    // A link opened from the account's mailbox proves the address (an address change voids links in
    // flight, contacts.ts): the welcome e-mail of an account created by someone else verifies it.
    if (found.channel === "email" && !user.emailVerifiedAt) {
      await repository.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    }
    // Whoever held a session may be the reason for the reset: every session ends.
    await repository.revokeUserSessions(tx, user.id);
    // The recovery the throttle message suggests must actually let the person back in.
    await throttle.clearFailures(tx, throttle.userKey(user.id));
    await recordAudit(
      tx,
      { ...actorOf(request), userId: user.id, userType: user.type },
      { action: "password.reset", entity: "user", entityId: user.id, detail: { channel: found.channel } },
    );
  });
  return RECOVERY_MESSAGES.reset;
}

/** A tax code may arrive with the TINIT- prefix; e-mails and usernames are compared lower-cased. */
function normalizeIdentifier(identifier: string): string {
  return isValidTaxCode(identifier) ? normalizeTaxCode(identifier).toLowerCase() : identifier;
}

/**
 * POST users/change/password. A wrong current password counts as a failed sign-in of the account,
 * so a stolen session cannot be used to guess it; the other sessions end, this one stays.
 */
export async function changePassword(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: z.output<typeof ZChangePasswordBody>,
): Promise<string> {
  const user = await repository.findUserById(ctx.db, principal.userId);
  if (!user) throw fieldError("old_password", RECOVERY_MESSAGES.wrongCurrent);
  // The same reservation as a sign-in: taken before the check, given back when the password is right.
  const attempt = await throttle.reserveAttempt(ctx.db, throttle.userKey(user.id), request.ip);
  if (!attempt.allowed) throw throttle.throttledError(attempt.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "password.change_failed",
      entity: "user",
      entityId: user.id,
    });
    throw fieldError("old_password", RECOVERY_MESSAGES.wrongCurrent);
  }
  await throttle.forgive(ctx.db, attempt.slots);
  await assertNotCommon(body.password, user, await repository.findAnagrafica(ctx.db, user.id));
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    await repository.revokeUserSessions(tx, user.id, principal.sessionId);
    await recordAudit(tx, actorOf(request), { action: "password.changed", entity: "user", entityId: user.id });
  });
  return RECOVERY_MESSAGES.changed;
}

/** A new password clears both password flags (spec 000 §4) and voids reset links in flight. */
async function setPassword(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await repository.updateUser(tx, userId, { passwordHash, temporaryPassword: false, expiredPassword: false });
  await credentials.expireResetTokens(tx, userId);
}

async function assertNotCommon(password: string, user: UserRow, anagrafica: AnagraficaRow | null): Promise<void> {
  const problem = await commonPasswordProblem(password, [
    anagrafica?.name,
    anagrafica?.surname,
    user.email,
    user.email?.split("@")[0],
    user.username,
  ]);
  if (problem) throw new DomainError("validation", { message: problem, errors: { password: [problem] } });
}

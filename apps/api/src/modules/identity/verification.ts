import { createHmac, timingSafeEqual } from "node:crypto";
import { badRequest, fieldError, notFound } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { escapeHtml } from "./delivery.ts";
import * as repository from "./repository.ts";

/** How long the link of a verification e-mail works. */
export const EMAIL_LINK_HOURS = 24;
export const RESEND_ANONYMOUS_MESSAGE = "Effettua l'accesso per richiedere una nuova mail";
export const ALREADY_VERIFIED_MESSAGE = "Indirizzo e-mail già verificato";
export const EMAIL_SENT_MESSAGE = "Mail inviata";

/** The web pages the link lands on (spec 000 §2.6, EmailVerification with its status). */
export const EMAIL_VERIFY_PAGES = {
  success: "/email/verify/success",
  already: "/email/verify/already",
  invalid: "/email/verify/invalid?mailtoken=1",
} as const;

/**
 * The link's signature covers the user, the e-mail address and the expiry: a link stops working
 * when it expires or when the address changes, and no part of it can be edited.
 */
function sign(secret: string, userId: number, email: string, expires: number): string {
  return createHmac("sha256", secret)
    .update(`email-verify\n${userId}\n${email.toLowerCase()}\n${expires}`)
    .digest("base64url");
}

export function verificationLink(ctx: ModuleContext, user: { id: number; email: string }, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + EMAIL_LINK_HOURS * 3600;
  const signature = sign(ctx.config.appSecret, user.id, user.email, expires);
  return `${ctx.config.publicUrl}/api/v1/email/verify/${ctx.ids.encode(user.id)}/${expires}/${signature}`;
}

/** Sends the verification e-mail; call it after the transaction that created or changed the address. */
export async function sendVerificationMail(ctx: ModuleContext, user: { id: number; email: string; name?: string }) {
  const link = verificationLink(ctx, user);
  const greeting = user.name ? `Ciao ${user.name},` : "Ciao,";
  await ctx.mailer.send({
    to: user.email,
    subject: "Conferma il tuo indirizzo e-mail",
    text:
      `${greeting}\n\nper completare la registrazione a Cura conferma il tuo indirizzo e-mail aprendo questo ` +
      `link (valido ${EMAIL_LINK_HOURS} ore):\n\n${link}\n\nSe non ti sei registrato tu, ignora questo messaggio.`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>per completare la registrazione a Cura conferma il tuo indirizzo e-mail ` +
      `(il link vale ${EMAIL_LINK_HOURS} ore):</p><p><a href="${escapeHtml(link)}">Conferma l'indirizzo e-mail</a></p>` +
      "<p>Se non ti sei registrato tu, ignora questo messaggio.</p>",
  });
}

/**
 * Opens a verification link and answers the page to land on. Any doubt about the link (unknown
 * user, bad signature, expired) is the same "invalid" page: it tells nothing about the account.
 */
export async function verifyEmailLink(
  ctx: ModuleContext,
  request: FastifyRequest,
  params: { userHashid: string; expires: string; signature: string },
): Promise<string> {
  const userId = ctx.ids.decode(params.userHashid);
  const expires = /^\d{1,12}$/.test(params.expires) ? Number(params.expires) : null;
  const user = userId ? await repository.findUserById(ctx.db, userId) : null;
  if (!user?.email || user.deletedAt || expires === null) return EMAIL_VERIFY_PAGES.invalid;
  const expected = Buffer.from(sign(ctx.config.appSecret, user.id, user.email, expires));
  const given = Buffer.from(params.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return EMAIL_VERIFY_PAGES.invalid;
  // An authentic link opened again after verification says so, even once expired.
  if (user.emailVerifiedAt) return EMAIL_VERIFY_PAGES.already;
  if (expires * 1000 < Date.now()) return EMAIL_VERIFY_PAGES.invalid;
  await ctx.db.transaction(async (tx) => {
    await repository.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    await recordAudit(
      tx,
      { ...actorOf(request), userId: user.id, userType: user.type },
      { action: "email.verified", entity: "user", entityId: user.id },
    );
  });
  return EMAIL_VERIFY_PAGES.success;
}

/**
 * POST email/resend. The route is public so that an anonymous caller gets the spec's 400 with its
 * message (spec 000 §8) instead of the generic 401.
 */
export async function resendVerificationMail(ctx: ModuleContext, request: FastifyRequest): Promise<string> {
  const principal = request.principal;
  if (!principal) throw badRequest(RESEND_ANONYMOUS_MESSAGE);
  const user = await repository.findUserById(ctx.db, principal.userId);
  // An account without an address (there is none yet: the spec's "other" case) has nothing to verify.
  if (!user?.email) throw fieldError("email", "email non valida");
  if (user.emailVerifiedAt) throw notFound(ALREADY_VERIFIED_MESSAGE);
  const anagrafica = await repository.findAnagrafica(ctx.db, user.id);
  await sendVerificationMail(ctx, { id: user.id, email: user.email, name: anagrafica?.name });
  await recordAudit(ctx.db, actorOf(request), { action: "email.verification_sent", entity: "user", entityId: user.id });
  return EMAIL_SENT_MESSAGE;
}

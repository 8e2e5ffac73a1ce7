import { createHash, timingSafeEqual } from "node:crypto";
import {
  AGE_MESSAGES,
  anagraficaIssues,
  DomainError,
  decodeTaxCode,
  type FieldErrors,
  NATIONAL_IDENTITY_MESSAGES,
  NATIONAL_IDENTITY_TOKEN_LIMITS,
  type NationalIdentityProvider,
  NO_PROJECT,
  normalizeTaxCode,
  PHONE_MESSAGES,
  REQUIRED,
  type TNationalIdentityData,
  type TUser,
  type ZRegisterByIdentityBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { membershipOf } from "../../companies/index.ts";
import { toAnagraficaValues } from "../anagrafica.ts";
import { createAccount, EMAIL_TAKEN_MESSAGE, INVALID_PROJECT_MESSAGE } from "../registration.ts";
import * as identityRepository from "../repository.ts";
import { currentUser, signInRefusal } from "../service.ts";
import { openSession } from "../sessions.ts";
import { reserveRegistration } from "../throttle.ts";
import { findAccountsByTaxCode } from "./repository.ts";
import { seal, unseal } from "./sealed.ts";

/**
 * Sign-in and registration with SPID or CIE, once the relying party has read the person's identity
 * at the provider (relying-party.ts). Nothing is stored between the steps: the identity travels as
 * a sealed token (sealed.ts), good for verify for 5 minutes and for the completion form for 30,
 * and only in the browser holding the binding cookie set at the callback.
 */
const TOKEN_PURPOSE = "national-identity-token";

interface IdentityTokenPayload extends TNationalIdentityData {
  p: NationalIdentityProvider;
  /** Issued at, seconds. */
  iat: number;
  /** SHA-256 of the binding cookie's value. */
  b: string;
}

const bindingHash = (binding: string) => createHash("sha256").update(binding).digest("base64url");

export function issueIdentityToken(
  ctx: ModuleContext,
  provider: NationalIdentityProvider,
  identity: TNationalIdentityData,
  binding: string,
  now = Date.now(),
): string {
  const payload: IdentityTokenPayload = {
    p: provider,
    name: identity.name,
    surname: identity.surname,
    email: identity.email,
    cf: identity.cf,
    gender: identity.gender,
    birthday: identity.birthday,
    iat: Math.floor(now / 1000),
    b: bindingHash(binding),
  };
  return seal(ctx.config.appSecret, TOKEN_PURPOSE, payload, NATIONAL_IDENTITY_TOKEN_LIMITS.registrationSeconds, now);
}

/** The identity of a token of this provider, issued at most `maxAgeSeconds` ago to this browser. */
function openIdentityToken(
  ctx: ModuleContext,
  provider: NationalIdentityProvider,
  token: string,
  binding: string | null,
  maxAgeSeconds: number,
): TNationalIdentityData | null {
  const payload = unseal<IdentityTokenPayload>(ctx.config.appSecret, TOKEN_PURPOSE, token);
  if (!payload || payload.p !== provider || typeof payload.iat !== "number") return null;
  if (Date.now() / 1000 - payload.iat > maxAgeSeconds) return null;
  if (!binding) return null;
  const expected = Buffer.from(payload.b ?? "");
  const given = Buffer.from(bindingHash(binding));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    name: payload.name,
    surname: payload.surname,
    email: payload.email,
    cf: payload.cf,
    gender: payload.gender,
    birthday: payload.birthday,
  };
}

function invalidTokenError(): DomainError {
  return new DomainError("validation", {
    message: NATIONAL_IDENTITY_MESSAGES.invalidToken,
    errors: { token: [NATIONAL_IDENTITY_MESSAGES.invalidToken] },
  });
}

/**
 * POST spid/verify, cie/verify (spec 000 §4): an account with the identity's tax code signs in, as
 * with a password (a disabled one gets the disabled message); with none, 404 carries the identity
 * to pre-fill the completion form.
 */
export async function verifyIdentity(
  ctx: ModuleContext,
  request: FastifyRequest,
  provider: NationalIdentityProvider,
  token: string,
  binding: string | null,
): Promise<{ token: string; user: TUser }> {
  const identity = openIdentityToken(ctx, provider, token, binding, NATIONAL_IDENTITY_TOKEN_LIMITS.verifySeconds);
  if (!identity) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "login.failed",
      entity: "user",
      detail: { method: provider, reason: "invalid_identity" },
    });
    throw invalidTokenError();
  }
  const [account] = await findAccountsByTaxCode(ctx.db, identity.cf);
  if (!account) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "login.failed",
      entity: "user",
      detail: { method: provider, reason: "no_account" },
    });
    throw new DomainError("notFound", { message: NATIONAL_IDENTITY_MESSAGES.noAccount, extra: { data: identity } });
  }
  const user = account.user;
  const membership = user.type === 1 ? await membershipOf(ctx.db, user.id) : null;
  const refusal = signInRefusal(user, membership);
  if (refusal) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "login.failed",
      entity: "user",
      entityId: user.id,
      detail: { method: provider, reason: membership?.status === "refused" ? "refused" : "disabled" },
    });
    throw refusal;
  }
  const session = await openSession(ctx.db, user, request);
  await recordAudit(
    ctx.db,
    { ...actorOf(request), userId: user.id, userType: user.type },
    { action: "login", entity: "user", entityId: user.id, detail: { method: provider } },
  );
  return { token: session.token, user: await currentUser(ctx, user.id) };
}

type RegisterByIdentityBody = z.output<typeof ZRegisterByIdentityBody>;

/**
 * POST users/registerBySpid, users/registerByCie: a citizen account from the completion form.
 * Name, surname, tax code, gender and birthday are the provider's, whatever the form sent; the
 * form's tax code must be the identity's. The account has no password: its owner signs in with
 * SPID or CIE, or sets a password through recovery. Signs in and sends the verification e-mail.
 */
export async function registerByIdentity(
  ctx: ModuleContext,
  request: FastifyRequest,
  provider: NationalIdentityProvider,
  body: RegisterByIdentityBody,
  binding: string | null,
): Promise<{ token: string; user: TUser }> {
  await reserveRegistration(ctx.db, request.ip);
  const identity = openIdentityToken(
    ctx,
    provider,
    body.token,
    binding,
    NATIONAL_IDENTITY_TOKEN_LIMITS.registrationSeconds,
  );
  if (!identity) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "user.registration_failed",
      entity: "user",
      detail: { method: provider, reason: "invalid_identity" },
    });
    throw invalidTokenError();
  }

  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  if (normalizeTaxCode(body.anagrafica.cf ?? "") !== identity.cf)
    add("anagrafica.cf", NATIONAL_IDENTITY_MESSAGES.taxCodeMismatch);
  // What the provider vouches for is not the form's to change; what it leaves out, the tax code says.
  const decoded = decodeTaxCode(identity.cf);
  const anagrafica = {
    ...body.anagrafica,
    name: identity.name,
    surname: identity.surname,
    cf: identity.cf,
    gender: identity.gender ?? decoded?.gender ?? null,
    birthday: identity.birthday ?? decoded?.birthday ?? null,
  };
  // The body passed the shared schema; the provider's data replaced part of it, so the rules run
  // again on what will be stored (the age rule on the provider's birthday).
  for (const issue of anagraficaIssues(anagrafica, { userType: 0, ageMessage: AGE_MESSAGES.registration })) {
    const path = `anagrafica.${issue.path.join(".")}`;
    add(path, issue.path[0] === "tel_number" && issue.message !== REQUIRED ? PHONE_MESSAGES.full : issue.message);
  }
  if (await identityRepository.emailTaken(ctx.db, body.email)) add("email", EMAIL_TAKEN_MESSAGE);
  // Projects arrive with the projects module; until then no hashid names a public active project.
  if (body.project !== NO_PROJECT) add("project", INVALID_PROJECT_MESSAGE);
  // One account per person: with one already, the identity signs in instead (verify answers 200).
  if ((await findAccountsByTaxCode(ctx.db, identity.cf)).length > 0) {
    add("anagrafica.cf", NATIONAL_IDENTITY_MESSAGES.taxCodeTaken);
  }
  if (Object.keys(errors).length > 0) {
    await recordAudit(ctx.db, actorOf(request), {
      action: "user.registration_failed",
      entity: "user",
      detail: { method: provider, reason: "validation", fields: Object.keys(errors) },
    });
    throw new DomainError("validation", { message: Object.values(errors)[0]?.[0], errors });
  }

  return createAccount(ctx, request, {
    email: body.email,
    passwordHash: null,
    type: 0,
    consents: body,
    anagrafica: toAnagraficaValues(anagrafica),
    auditDetail: { type: 0, method: provider, articles_consense: body.articles_consense },
  });
}

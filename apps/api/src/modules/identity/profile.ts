import { DomainError, notFound, type ZConsentsBody, type ZPushTokenBody, type ZUpdateUserBody } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { saveSubscription } from "../../platform/push/subscriptions.ts";
import { addFileReferenceRule, ownUpload, withFileReleases } from "../files/index.ts";
import * as credentials from "./credentials-repository.ts";
import * as otpRepository from "./otp-repository.ts";
import * as repository from "./repository.ts";

export const PROFILE_DELETED_MESSAGE = "Profilo eliminato";

type Consents = z.output<typeof ZConsentsBody>;
const CONSENT_COLUMNS = {
  data_consense: "dataConsense",
  share_consense: "shareConsense",
  charge_consense: "chargeConsense",
  notification_consense: "notificationConsense",
  marketing_consense: "marketingConsense",
} as const;

/**
 * PUT users/{id}. Only on oneself: another user's id is a 404, whoever asks (administrators manage
 * users through the back office's own calls, spec 002).
 */
export async function updateUser(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: z.output<typeof ZUpdateUserBody>,
): Promise<void> {
  if (ctx.ids.decode(hashid) !== principal.userId) throw notFound();
  const { session_timeout_minutes, resource, ...consents } = body;
  // resource: a picture's hashid sets it, null removes it, absent leaves it.
  const pictureId =
    resource === undefined ? undefined : resource === null ? null : await ownPictureId(ctx, principal, resource);
  await withFileReleases(ctx, async (tx, release) => {
    const settings: string[] = [];
    if (session_timeout_minutes !== undefined) {
      await repository.updateUser(tx, principal.userId, { sessionTimeoutMinutes: session_timeout_minutes });
      settings.push("session_timeout_minutes");
    }
    if (pictureId !== undefined) {
      release(await repository.lockProfilePicture(tx, principal.userId));
      await repository.updateUser(tx, principal.userId, { profilePicFileId: pictureId });
      settings.push("profile_pic");
    }
    if (settings.length > 0) {
      await recordAudit(tx, actorOf(request), {
        action: "user.settings_updated",
        entity: "user",
        entityId: principal.userId,
        detail: { fields: settings, session_timeout_minutes },
      });
    }
    await applyConsents(tx, request, principal.userId, consents);
  });
}

/** POST users/change/consenses (spec 000 §2.11, 001 §4 "Consent revoke"). */
export async function updateConsents(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  consents: Consents,
): Promise<void> {
  await ctx.db.transaction((tx) => applyConsents(tx, request, principal.userId, consents));
}

/** Consent changes are always audited, with the flags themselves: they are the record of consent. */
async function applyConsents(tx: Executor, request: FastifyRequest, userId: number, consents: Consents) {
  const values: Record<string, boolean> = {};
  for (const [field, column] of Object.entries(CONSENT_COLUMNS)) {
    const value = consents[field as keyof Consents];
    if (value !== undefined) values[column] = value;
  }
  if (Object.keys(values).length === 0) return;
  await repository.updateUser(tx, userId, values);
  await recordAudit(tx, actorOf(request), {
    action: "consents.updated",
    entity: "user",
    entityId: userId,
    detail: { ...consents },
  });
}

export async function setPushToken(ctx: ModuleContext, principal: Principal, body: z.output<typeof ZPushTokenBody>) {
  await repository.updateUser(ctx.db, principal.userId, { pushToken: body.token });
  // A browser's PushSubscription JSON joins the user's devices (platform/push); others stay as the token only.
  await saveSubscription(ctx.db, principal.userId, body.token, { allowHttp: ctx.config.env !== "production" });
}

/** POST users/profile/picture: a picture the user uploaded (POST resources/public, destination profilo). */
export async function setProfilePicture(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  resource: string,
): Promise<void> {
  const fileId = await ownPictureId(ctx, principal, resource);
  await withFileReleases(ctx, async (tx, release) => {
    release(await repository.lockProfilePicture(tx, principal.userId));
    await repository.updateUser(tx, principal.userId, { profilePicFileId: fileId });
    await recordAudit(tx, actorOf(request), {
      action: "profile_picture.set",
      entity: "user",
      entityId: principal.userId,
    });
  });
}

export async function removeProfilePicture(ctx: ModuleContext, request: FastifyRequest, principal: Principal) {
  await withFileReleases(ctx, async (tx, release) => {
    release(await repository.lockProfilePicture(tx, principal.userId));
    await repository.updateUser(tx, principal.userId, { profilePicFileId: null });
    await recordAudit(tx, actorOf(request), {
      action: "profile_picture.removed",
      entity: "user",
      entityId: principal.userId,
    });
  });
}

/**
 * A profile picture is a use of its file: replaced or removed (here, or with the profile), the file
 * goes when nothing else uses it (issue 9 §4).
 */
let pictureReferenceRegistered = false;
export function registerPictureFileReference(): void {
  if (pictureReferenceRegistered) return;
  pictureReferenceRegistered = true;
  addFileReferenceRule(repository.isProfilePicture);
}

/**
 * The id of a picture this user may use: an image they uploaded (files' ownUpload), or the one
 * they have now. A file they may only read (a relative's attachment)
 * is a 404, as anyone else's.
 */
async function ownPictureId(ctx: ModuleContext, principal: Principal, hashid: string): Promise<number> {
  const current = (await repository.findUserById(ctx.db, principal.userId))?.profilePicFileId ?? null;
  const file = await ownUpload(ctx, principal, hashid, current);
  if (!file.mimeType.startsWith("image/")) {
    throw new DomainError("validation", {
      message: "errore_caricamento",
      errors: { resource: ["errore_caricamento"] },
    });
  }
  return file.id;
}

/**
 * GET users/profile/delete and DELETE users/profile: the account is anonymised rather than deleted
 * (the audit trail and other people's records may point at it), its personal record is deleted,
 * every session ends, and nothing it could sign in with remains.
 */
export async function deleteProfile(ctx: ModuleContext, request: FastifyRequest, principal: Principal) {
  await anonymiseAccount(ctx, request, principal.userId);
  return PROFILE_DELETED_MESSAGE;
}

/**
 * The anonymisation of deleteProfile for any account: also the administrators' `DELETE
 * users/profile/{id}` (admin module), whose own checks (`before`) run first in the same transaction.
 */
export async function anonymiseAccount(
  ctx: ModuleContext,
  request: FastifyRequest,
  userId: number,
  before?: (tx: Executor) => Promise<void>,
): Promise<void> {
  const principal = { userId };
  await withFileReleases(ctx, async (tx, release) => {
    await before?.(tx);
    release(await repository.lockProfilePicture(tx, principal.userId));
    await repository.updateUser(tx, principal.userId, {
      email: null,
      username: null,
      passwordHash: null,
      pushToken: null,
      profilePicFileId: null,
      emailVerifiedAt: null,
      numberVerifiedAt: null,
      secondaryNumberVerifiedAt: null,
      dataConsense: false,
      shareConsense: false,
      chargeConsense: false,
      notificationConsense: false,
      marketingConsense: false,
      deletedAt: new Date(),
    });
    await repository.deleteAnagrafica(tx, principal.userId);
    await repository.revokeUserSessions(tx, principal.userId);
    await credentials.expireResetTokens(tx, principal.userId);
    await otpRepository.deleteUserCodes(tx, principal.userId);
    await recordAudit(tx, actorOf(request), { action: "profile.deleted", entity: "user", entityId: principal.userId });
  });
}

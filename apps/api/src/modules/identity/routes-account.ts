import {
  ZConsentsBody,
  ZHashid,
  ZMeResponse,
  ZMessage,
  ZOtpSendBody,
  ZOtpSendResponse,
  ZOtpVerifyBody,
  ZOtpVerifyResponse,
  ZProfilePictureBody,
  ZPushTokenBody,
  ZUpdateUserBody,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../../platform/auth/access.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as otp from "./otp.ts";
import * as profile from "./profile.ts";
import * as identity from "./service.ts";

const tags = ["identity"];
/** Identity routes stay usable while the e-mail or phone is unverified (issue 3). */
const SIGNED_IN: Access = { allowUnverified: true };
const ZUserParams = z.object({ id: ZHashid });

/** The signed-in user's own account: settings, consents, picture, deletion, one-time codes. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  profile.registerPictureFileReference();
  const me = async (userId: number) => ({ data: await identity.currentUser(ctx, userId) });

  app.put(
    "/users/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Change one's own settings: session timeout, consents, profile picture",
        params: ZUserParams,
        body: ZUpdateUserBody,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await profile.updateUser(ctx, request, principal, request.params.id, request.body);
      return me(principal.userId);
    },
  );

  app.post(
    "/users/change/consenses",
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: "Give or revoke consents", body: ZConsentsBody, response: { 200: ZMeResponse } },
    },
    async (request) => {
      const principal = principalOf(request);
      await profile.updateConsents(ctx, request, principal, request.body);
      return me(principal.userId);
    },
  );

  app.post(
    "/users/push/token",
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: "Store the browser's push token", body: ZPushTokenBody, response: { 200: ZMessage } },
    },
    async (request) => {
      await profile.setPushToken(ctx, principalOf(request), request.body);
      return { message: "Token salvato" };
    },
  );

  app.post(
    "/users/profile/picture",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Use an uploaded image (POST resources/public, destination profilo) as profile picture",
        body: ZProfilePictureBody,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await profile.setProfilePicture(ctx, request, principal, request.body.resource);
      return me(principal.userId);
    },
  );

  const removePicture = {
    config: { access: SIGNED_IN },
    schema: { tags, summary: "Remove the profile picture", response: { 200: ZMeResponse } },
  };
  const removePictureHandler = async (request: Parameters<typeof principalOf>[0]) => {
    const principal = principalOf(request);
    await profile.removeProfilePicture(ctx, request, principal);
    return me(principal.userId);
  };
  // The spec's client changes state with GET; the proper verb is served too (spec README).
  app.get("/users/profile/picture/delete", removePicture, removePictureHandler);
  app.delete("/users/profile/picture", removePicture, removePictureHandler);

  const deleteProfile = {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: "Delete one's profile: personal data removed, account anonymised, every session ended",
      response: { 200: ZMessage },
    },
  };
  const deleteProfileHandler = async (request: Parameters<typeof principalOf>[0]) => ({
    message: await profile.deleteProfile(ctx, request, principalOf(request)),
  });
  app.get("/users/profile/delete", deleteProfile, deleteProfileHandler);
  app.delete("/users/profile", deleteProfile, deleteProfileHandler);

  app.post(
    "/otp/send/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Send a one-time code by SMS to oneself (6 digits, valid 299 s, 3 per cause an hour)",
        params: ZUserParams,
        body: ZOtpSendBody,
        response: { 200: ZOtpSendResponse },
      },
    },
    async (request) => ({
      data: await otp.sendOtp(ctx, request, principalOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    "/otp/verify/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Check a one-time code: status 1 verified, 2 wrong, 3 expired, 4 already verified, 5 deleted",
        params: ZUserParams,
        body: ZOtpVerifyBody,
        response: { 200: ZOtpVerifyResponse },
      },
    },
    async (request) => ({
      data: await otp.verifyOtp(ctx, request, principalOf(request), request.params.id, request.body),
    }),
  );
};

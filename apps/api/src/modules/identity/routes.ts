import {
  ZAnagraficaFields,
  ZChangePasswordBody,
  ZLoginBody,
  ZLoginResponse,
  ZLogoutQuery,
  ZMeQuery,
  ZMeResponse,
  ZMessage,
  ZPasswordForgetBody,
  ZPasswordForgetCfBody,
  ZPasswordResetBody,
  ZRegisterBody,
  ZSessionResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../../platform/auth/access.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as anagrafica from "./anagrafica.ts";
import { nationalIdentityRoutes } from "./national/routes.ts";
import * as passwords from "./passwords.ts";
import * as registration from "./registration.ts";
import { accountRoutes } from "./routes-account.ts";
import { directoryRoutes } from "./routes-directory.ts";
import * as identity from "./service.ts";
import * as verification from "./verification.ts";

const tags = ["identity"];
const PUBLIC: Access = { public: true };
/** Identity routes stay usable while the e-mail or phone is unverified (issue 3). */
const SIGNED_IN: Access = { allowUnverified: true };

/** Sign-in, registration, e-mail verification, passwords and the personal record. */
export const identityRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/users/login",
    {
      config: { access: PUBLIC },
      schema: { tags, summary: "Sign in with e-mail or username", body: ZLoginBody, response: { 200: ZLoginResponse } },
    },
    async (request) => ({ data: await identity.login(ctx, request, request.body) }),
  );

  app.get(
    "/users/logout",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Sign out: the token stops working",
        querystring: ZLogoutQuery,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await identity.logout(ctx, request, principalOf(request));
      return { message: "Logout effettuato" };
    },
  );

  app.get(
    "/users/fresh/me",
    {
      config: { access: { ...SIGNED_IN, tokenInQuery: true } },
      schema: {
        tags,
        summary: "The signed-in user; the token may also come as ?access_token= (this route only)",
        querystring: ZMeQuery,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => ({ data: await identity.requestUser(ctx, request, principalOf(request).userId) }),
  );

  app.post(
    "/users/register",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Register a citizen or an operator; signs in and sends the verification e-mail",
        body: ZRegisterBody,
        response: { 201: ZSessionResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await registration.register(ctx, request, request.body) }),
  );

  app.get(
    "/email/verify/:userHashid/:expires/:signature",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The signed link of the verification e-mail: verifies and redirects to the outcome page",
        // Loose on purpose: a damaged link must land on the "invalid" page, not on a JSON 422.
        params: z.object({
          userHashid: z.string().max(64),
          expires: z.string().max(20),
          signature: z.string().max(128),
        }),
      },
    },
    async (request, reply) => reply.redirect(await verification.verifyEmailLink(ctx, request, request.params), 302),
  );

  app.post(
    "/email/resend",
    {
      // Public so that an anonymous caller gets the spec's 400 and its message, not a 401.
      config: { access: PUBLIC },
      schema: { tags, summary: "Send the verification e-mail again", response: { 200: ZMessage } },
    },
    async (request) => ({ message: await verification.resendVerificationMail(ctx, request) }),
  );

  app.post(
    "/users/password/forget",
    {
      config: { access: PUBLIC },
      schema: { tags, summary: "Password recovery by e-mail", body: ZPasswordForgetBody, response: { 200: ZMessage } },
    },
    async (request) => ({ message: passwords.forgetByEmail(ctx, request, request.body.email) }),
  );

  app.post(
    "/users/password/forget/cf",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Password recovery by tax code: SMS to the first phone, or the reserve one with second",
        body: ZPasswordForgetCfBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({
      message: passwords.forgetByTaxCode(ctx, request, request.body.cf, request.body.second === true),
    }),
  );

  app.post(
    "/users/password/reset",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Set a new password with a recovery link",
        body: ZPasswordResetBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await passwords.resetPassword(ctx, request, request.body) }),
  );

  app.post(
    "/users/change/password",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Change one's password; the other sessions end",
        body: ZChangePasswordBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await passwords.changePassword(ctx, request, principalOf(request), request.body) }),
  );

  app.post(
    "/users/anagraphic/new",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Create one's personal record",
        body: ZAnagraficaFields,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await anagrafica.createAnagrafica(ctx, request, principal, request.body);
      return { data: await identity.currentUser(ctx, principal.userId) };
    },
  );

  app.put(
    "/users/anagraphic/update",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Replace one's personal record (the whole record); a new phone must be verified again",
        body: ZAnagraficaFields,
        response: { 200: ZMeResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await anagrafica.updateAnagrafica(ctx, request, principal, request.body);
      return { data: await identity.currentUser(ctx, principal.userId) };
    },
  );

  await app.register(accountRoutes, { ctx });
  await app.register(directoryRoutes, { ctx });
  await app.register(nationalIdentityRoutes, { ctx });
};

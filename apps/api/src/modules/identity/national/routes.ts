import {
  BUILTIN_SETTINGS,
  NATIONAL_IDENTITY_LABELS,
  NATIONAL_IDENTITY_MESSAGES,
  NATIONAL_IDENTITY_PROVIDERS,
  NATIONAL_IDENTITY_TOKEN_LIMITS,
  type NationalIdentityProvider,
  nationalIdentityReturnPath,
  ZIdentityVerifyBody,
  ZNationalIdentityCallbackQuery,
  ZNationalIdentityNotFound,
  ZNationalIdentityParams,
  ZRegisterByIdentityBody,
  ZSessionResponse,
} from "@cura/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { settingFlag } from "../../../platform/settings.ts";
import {
  addCookie,
  BINDING_COOKIE,
  BINDING_COOKIE_PATH,
  flowCookieName,
  flowCookiePath,
  readCookie,
  secureCookies,
  serializeCookie,
} from "./cookies.ts";
import { createEmbeddedProviders, devIdpRoutes } from "./dev-idp.ts";
import {
  beginAuthorization,
  completeAuthorization,
  IdentityFlowError,
  newBinding,
  type RelyingPartyDeps,
  relyingPartyFor,
} from "./relying-party.ts";
import { issueIdentityToken, registerByIdentity, verifyIdentity } from "./service.ts";

const tags = ["identity"];
const PUBLIC: Access = { public: true };

/** The page the browser comes back to, with the message to show (spec 000 §2.5). */
const errorReturn = (provider: NationalIdentityProvider, message: string) =>
  `${nationalIdentityReturnPath(provider)}?error=${encodeURIComponent(message)}`;

/**
 * SPID and CIE (spec 000 §2.3, §2.5, §4, §7): the start and callback of the OpenID Connect flow,
 * verify, and registration by identity; plus, where dev tools exist, the embedded test provider.
 */
export const nationalIdentityRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  const deps: RelyingPartyDeps = { ctx, app };
  // Development and tests only: the module context has dev tools off in production.
  if (ctx.config.devTools) await app.register(devIdpRoutes, { ctx, providers: createEmbeddedProviders(ctx) });

  const secure = (request: FastifyRequest) => secureCookies(request, ctx.config.production);
  // The back office turns each provider off (feature.spid, feature.cie): then it is unavailable,
  // at the start and at a return already under way.
  const signInEnabled = (provider: NationalIdentityProvider) =>
    settingFlag(ctx.db, `feature.${provider}`, BUILTIN_SETTINGS[`feature.${provider}`].value);
  const clearBinding = (request: FastifyRequest, reply: FastifyReply) =>
    addCookie(
      reply,
      serializeCookie(BINDING_COOKIE, "", { path: BINDING_COOKIE_PATH, maxAge: 0, secure: secure(request) }),
    );

  app.get(
    "/auth/:provider/start",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Sign in with SPID or CIE: redirects to the identity provider (OpenID Connect, code + PKCE)",
        params: ZNationalIdentityParams,
      },
    },
    async (request, reply) => {
      const provider = request.params.provider;
      reply.header("cache-control", "no-store");
      const rp = (await signInEnabled(provider)) ? relyingPartyFor(ctx, request, provider) : null;
      if (!rp) return reply.redirect(errorReturn(provider, NATIONAL_IDENTITY_MESSAGES.unavailable), 302);
      try {
        const { url, flowCookie, maxAge } = await beginAuthorization(deps, rp);
        addCookie(
          reply,
          serializeCookie(flowCookieName(provider), flowCookie, {
            path: flowCookiePath(provider),
            maxAge,
            secure: secure(request),
          }),
        );
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof IdentityFlowError)) throw error;
        request.log.warn({ err: error.cause, reason: error.reason, provider }, "national identity: start failed");
        return reply.redirect(errorReturn(provider, error.userMessage), 302);
      }
    },
  );

  app.get(
    "/auth/:provider/callback",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "Return from SPID or CIE: exchanges the code and redirects to /login/{provider} with a short-lived identity token, or an error",
        params: ZNationalIdentityParams,
        querystring: ZNationalIdentityCallbackQuery,
      },
    },
    async (request, reply) => {
      const provider = request.params.provider;
      reply.header("cache-control", "no-store");
      // The flow cookie is good for one return only.
      addCookie(
        reply,
        serializeCookie(flowCookieName(provider), "", {
          path: flowCookiePath(provider),
          maxAge: 0,
          secure: secure(request),
        }),
      );
      const rp = (await signInEnabled(provider)) ? relyingPartyFor(ctx, request, provider) : null;
      if (!rp) return reply.redirect(errorReturn(provider, NATIONAL_IDENTITY_MESSAGES.unavailable), 302);
      const search = new URL(request.url, "http://callback.invalid").search;
      try {
        const identity = await completeAuthorization(deps, rp, readCookie(request, flowCookieName(provider)), search);
        const binding = newBinding();
        const token = issueIdentityToken(ctx, provider, identity, binding);
        addCookie(
          reply,
          serializeCookie(BINDING_COOKIE, binding, {
            path: BINDING_COOKIE_PATH,
            maxAge: NATIONAL_IDENTITY_TOKEN_LIMITS.registrationSeconds,
            secure: secure(request),
          }),
        );
        return reply.redirect(`${nationalIdentityReturnPath(provider)}?token=${encodeURIComponent(token)}`, 302);
      } catch (error) {
        if (!(error instanceof IdentityFlowError)) throw error;
        // A person who cancels at the provider is no failure of ours.
        const level = error.reason === "cancelled" ? "info" : "warn";
        request.log[level]({ err: error.cause, reason: error.reason, provider }, "national identity: callback failed");
        await recordAudit(ctx.db, actorOf(request), {
          action: "login.failed",
          entity: "user",
          detail: { method: provider, reason: error.reason },
        });
        return reply.redirect(errorReturn(provider, error.userMessage), 302);
      }
    },
  );

  for (const provider of NATIONAL_IDENTITY_PROVIDERS) {
    const label = NATIONAL_IDENTITY_LABELS[provider];

    app.post(
      `/${provider}/verify`,
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: `Sign in with the identity token of a ${label} return; 404 with the identity when no account has its tax code`,
          body: ZIdentityVerifyBody,
          response: { 200: ZSessionResponse, 404: ZNationalIdentityNotFound },
        },
      },
      async (request, reply) => {
        const binding = readCookie(request, BINDING_COOKIE);
        const data = await verifyIdentity(ctx, request, provider, request.body.token, binding);
        clearBinding(request, reply);
        return { data };
      },
    );

    app.post(
      provider === "spid" ? "/users/registerBySpid" : "/users/registerByCie",
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: `Register a citizen with the identity of a ${label} return (no password); signs in and sends the verification e-mail`,
          body: ZRegisterByIdentityBody,
          response: { 201: ZSessionResponse },
        },
      },
      async (request, reply) => {
        const binding = readCookie(request, BINDING_COOKIE);
        const data = await registerByIdentity(ctx, request, provider, request.body, binding);
        clearBinding(request, reply);
        return reply.status(201).send({ data });
      },
    );
  }
};

import { createHmac, generateKeyPair, type JsonWebKey } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { NATIONAL_IDENTITY_LABELS, type NationalIdentityProvider, ZNationalIdentityProvider } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type Provider from "oidc-provider";
import type { Adapter, AdapterConstructor, AdapterPayload, Configuration, KoaContextWithOIDC } from "oidc-provider";
import { z } from "zod";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { escapeHtml } from "../delivery.ts";
import { findTestIdentity, TEST_IDENTITIES, testIdentityClaims } from "./test-identities.ts";

/**
 * The embedded test identity provider (oidc-provider), one per national identity, mounted inside
 * the API at /api/v1/dev/idp/{spid|cie} where dev tools exist (development and tests, never
 * production). It lets the whole SPID/CIE flow run offline with the real protocol: authorization
 * code with PKCE, signed ID tokens, discovery and JWKS.
 *
 * Addressing: the issuer is `{origin}/api/v1/dev/idp/{provider}`, where origin is the address the
 * browser used for the request (protocol and Host, or X-Forwarded-* with TRUST_PROXY), not
 * PUBLIC_URL: in tests and journeys the server listens on a port chosen at start, and in
 * development the app may be reached through Vite's proxy. One oidc-provider instance is kept per
 * origin seen. The relying party reaches its embedded provider in-process (see relying-party.ts),
 * so no request leaves the process and nothing depends on the listening address.
 *
 * State (interactions, codes, tokens) lives in oidc-provider's memory adapter: fine for a test
 * provider, and a reason it must never serve production.
 */
export const DEV_IDP_PATH = "/api/v1/dev/idp";
const SCOPE = "openid profile email";
const MAX_ORIGINS = 16;
const PUBLIC: Access = { public: true };

export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const embeddedIssuer = (origin: string, provider: NationalIdentityProvider) =>
  `${origin}${DEV_IDP_PATH}/${provider}`;

/** The relying party's registration at the embedded provider; the secret derives from the app secret. */
export function embeddedClient(appSecret: string, provider: NationalIdentityProvider) {
  return {
    clientId: `cura-${provider}-dev`,
    clientSecret: createHmac("sha256", appSecret).update(`embedded-idp-client\n${provider}`).digest("base64url"),
  };
}

export const callbackPath = (provider: NationalIdentityProvider) => `/api/v1/auth/${provider}/callback`;

interface Entry {
  provider: Provider;
  handle: (req: IncomingMessage, res: import("node:http").ServerResponse) => Promise<void> | void;
}

export interface EmbeddedProviders {
  get(origin: string, name: NationalIdentityProvider): Promise<Entry>;
}

export function createEmbeddedProviders(ctx: ModuleContext): EmbeddedProviders {
  const entries = new Map<string, Promise<Entry>>();
  let signingKey: Promise<JsonWebKey> | null = null;
  const key = () => {
    signingKey ??= new Promise<JsonWebKey>((resolve, reject) =>
      generateKeyPair("rsa", { modulusLength: 2048 }, (error, _publicKey, privateKey) =>
        error ? reject(error) : resolve({ ...privateKey.export({ format: "jwk" }), kid: "cura-dev-idp", use: "sig" }),
      ),
    );
    return signingKey;
  };

  async function create(origin: string, name: NationalIdentityProvider): Promise<Entry> {
    const issuer = embeddedIssuer(origin, name);
    const client = embeddedClient(ctx.config.appSecret, name);
    const cookieKey = createHmac("sha256", ctx.config.appSecret).update(`embedded-idp-cookies\n${name}`).digest("hex");
    const configuration: Configuration = {
      adapter: memoryAdapter(),
      // Short lives: a test sign-in takes a minute, and nothing outlives the process anyway.
      ttl: {
        AccessToken: 5 * 60,
        AuthorizationCode: 60,
        Grant: 10 * 60,
        IdToken: 5 * 60,
        Interaction: 10 * 60,
        Session: 10 * 60,
      },
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [`${origin}${callbackPath(name)}`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      jwks: { keys: [(await key()) as never] },
      cookies: {
        keys: [cookieKey],
        // Both providers share an origin: their cookies must not collide.
        names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` },
      },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/${name}/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      responseTypes: ["code"],
      // The claims asked for with the scopes go in the ID token itself, as identity brokers do.
      conformIdTokenClaims: false,
      claims: {
        openid: ["sub"],
        profile: ["given_name", "family_name", "gender", "birthdate", "fiscal_number", "place_of_birth"],
        email: ["email", "email_verified"],
      },
      findAccount: (_ctx, sub) => {
        const identity = findTestIdentity(sub);
        if (!identity) return undefined;
        return { accountId: sub, claims: () => testIdentityClaims(identity) as { sub: string } };
      },
      // The relying party is first-party: no consent screen, every requested scope is granted.
      loadExistingGrant: async (koa: KoaContextWithOIDC) => {
        const oidc = koa.oidc;
        const clientId = oidc.client?.clientId;
        const accountId = oidc.session?.accountId;
        if (!clientId || !accountId) return undefined;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
        if (grantId) {
          const existing = await oidc.provider.Grant.find(grantId);
          if (existing) return existing;
        }
        const grant = new oidc.provider.Grant({ clientId, accountId });
        grant.addOIDCScope(SCOPE);
        await grant.save();
        return grant;
      },
      renderError: (koa, out) => {
        koa.type = "html";
        koa.body = page(
          `${NATIONAL_IDENTITY_LABELS[name]} di prova: errore`,
          `<h1>${escapeHtml(NATIONAL_IDENTITY_LABELS[name])} di prova: errore</h1>` +
            `<p role="alert">${escapeHtml(String(out.error_description ?? out.error ?? "Errore"))}</p>` +
            `<p><a href="/login">Torna all'accesso</a></p>`,
        );
      },
    };
    // Imported here: the embedded providers exist only outside production, and the library keeps
    // about 45 MB resident once loaded (docs/performance.md "Start and memory").
    const { default: OidcProvider } = await import("oidc-provider");
    const provider = new OidcProvider(issuer, configuration);
    provider.proxy = ctx.config.trustProxy;
    return { provider, handle: provider.callback() };
  }

  return {
    get(origin, name) {
      const id = `${name} ${origin}`;
      let entry = entries.get(id);
      if (!entry) {
        // Bounded: a development server seen through many host names does not grow without end.
        if (entries.size >= MAX_ORIGINS * 2) entries.delete(entries.keys().next().value as string);
        entry = create(origin, name);
        entry.catch(() => entries.delete(id));
        entries.set(id, entry);
      }
      return entry;
    },
  };
}

/**
 * The test provider's state (interactions, codes, grants, sessions) in this process's memory, each
 * entry with its expiry, at most MAX_ENTRIES per kind: a test provider keeps nothing for long.
 */
const MAX_ENTRIES = 1000;
function memoryAdapter(): AdapterConstructor {
  const stores = new Map<string, Map<string, { payload: AdapterPayload; expiresAt: number }>>();
  const storeOf = (name: string) => {
    let store = stores.get(name);
    if (!store) {
      store = new Map();
      stores.set(name, store);
    }
    return store;
  };
  return class MemoryAdapter implements Adapter {
    readonly store: Map<string, { payload: AdapterPayload; expiresAt: number }>;

    constructor(name: string) {
      this.store = storeOf(name);
    }

    private live(id: string) {
      const entry = this.store.get(id);
      if (entry && entry.expiresAt <= Date.now()) this.store.delete(id);
      return entry && entry.expiresAt > Date.now() ? entry : undefined;
    }

    private findBy(predicate: (payload: AdapterPayload) => boolean) {
      for (const id of this.store.keys()) {
        const entry = this.live(id);
        if (entry && predicate(entry.payload)) return entry.payload;
      }
      return undefined;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      if (this.store.size >= MAX_ENTRIES && !this.store.has(id))
        this.store.delete(this.store.keys().next().value as string);
      this.store.set(id, { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
    }

    async find(id: string) {
      return this.live(id)?.payload;
    }

    async findByUid(uid: string) {
      return this.findBy((payload) => payload.uid === uid);
    }

    async findByUserCode(userCode: string) {
      return this.findBy((payload) => payload.userCode === userCode);
    }

    async consume(id: string) {
      const entry = this.live(id);
      if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
    }

    async destroy(id: string) {
      this.store.delete(id);
    }

    async revokeByGrantId(grantId: string) {
      for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
    }
  };
}

const ZProviderParams = z.object({ provider: ZNationalIdentityProvider });
const ZInteractionParams = z.object({ provider: ZNationalIdentityProvider, uid: z.string().min(1).max(128) });
const ZInteractionBody = z.object({
  identity: z.string().max(64).optional(),
  action: z.enum(["login", "cancel"]).default("login"),
});

/**
 * Mounts the embedded providers: oidc-provider's own endpoints (discovery, authorization, token,
 * JWKS, userinfo) are handed the raw request through reply.hijack(), and the login page (the
 * "interaction") is ours, in Italian, with the test identities to choose from. The routes are
 * public and left out of the OpenAPI document: they are the test provider's protocol, described by
 * its own discovery document, not Cura's API.
 */
export const devIdpRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext; providers: EmbeddedProviders }> = async (
  app,
  { providers },
) => {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // oidc-provider reads its request bodies itself: leave the stream unread for it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "POST"],
      url: "/dev/idp/:provider/*",
      config: { access: PUBLIC },
      schema: { hide: true, params: ZProviderParams.extend({ "*": z.string() }) },
      handler: async (request, reply) => {
        const name = request.params.provider;
        const { handle } = await providers.get(requestOrigin(request), name);
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const mount = `${DEV_IDP_PATH}/${name}`;
        const url = raw.url ?? "/";
        // oidc-provider routes on the path below its mount point, and finds the mount point again
        // from originalUrl when it builds its own URLs.
        raw.originalUrl = url;
        raw.url = url.slice(mount.length) || "/";
        // The security headers (helmet) set for this request go out with oidc-provider's answer too.
        for (const [header, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(header, value as string | string[]);
        }
        reply.hijack();
        try {
          await handle(raw, reply.raw);
        } finally {
          // Fastify's own log line of the request reads the URL again.
          raw.url = url;
        }
      },
    });
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      "/dev/idp/:provider/interaction/:uid",
      { config: { access: PUBLIC }, schema: { hide: true, params: ZInteractionParams } },
      async (request, reply) => {
        const name = request.params.provider;
        const { provider } = await providers.get(requestOrigin(request), name);
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
        reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
        if (!details || details.uid !== request.params.uid) return reply.status(400).send(expiredPage(name));
        return loginPage(name, request.params.uid, null);
      },
    );

    scope.post(
      "/dev/idp/:provider/interaction/:uid",
      { config: { access: PUBLIC }, schema: { hide: true, params: ZInteractionParams, body: ZInteractionBody } },
      async (request, reply) => {
        const name = request.params.provider;
        const { provider } = await providers.get(requestOrigin(request), name);
        reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
        if (!details || details.uid !== request.params.uid) return reply.status(400).send(expiredPage(name));
        if (request.body.action === "cancel") {
          const to = await provider.interactionResult(request.raw, reply.raw, {
            error: "access_denied",
            error_description: "L'utente ha annullato l'accesso",
          });
          return reply.redirect(to, 303);
        }
        const identity = request.body.identity ? findTestIdentity(request.body.identity) : undefined;
        if (!identity)
          return reply.status(422).send(loginPage(name, request.params.uid, "Scegli un'identità di prova."));
        const to = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: identity.id } });
        return reply.redirect(to, 303);
      },
    );
  });
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: "Titillium Web", system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f5f7fa; }
  header { background: #0066cc; color: #fff; padding: 1rem 1.5rem; }
  header p { margin: 0; font-weight: 600; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 4px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  fieldset { border: 1px solid #5c6f82; border-radius: 4px; padding: 1rem; margin: 0 0 1.5rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .choice { display: flex; gap: .75rem; align-items: flex-start; padding: .5rem 0; }
  .choice input { width: 1.25rem; height: 1.25rem; margin-top: .2rem; }
  .choice small { display: block; color: #455b71; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; padding: .6rem 1.25rem; border-radius: 4px; cursor: pointer; }
  .primary { background: #0066cc; color: #fff; border: 2px solid #0066cc; }
  .secondary { background: #fff; color: #0066cc; border: 2px solid #0066cc; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #ff9900; outline-offset: 2px; }
  .alert { border-left: 4px solid #cc334d; background: #fbeaec; padding: .75rem 1rem; margin-bottom: 1rem; }
  a { color: #0066cc; }
</style>
</head>
<body>
<header><p>Ambiente di prova: nessun dato reale</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

function loginPage(name: NationalIdentityProvider, uid: string, error: string | null): string {
  const label = NATIONAL_IDENTITY_LABELS[name];
  const choices = TEST_IDENTITIES.map(
    (identity, index) => `<div class="choice">
  <input type="radio" id="identity-${index}" name="identity" value="${escapeHtml(identity.id)}"${index === 0 ? " checked" : ""}>
  <label for="identity-${index}">${escapeHtml(`${identity.givenName} ${identity.familyName}`)}
    <small>Codice fiscale ${escapeHtml(identity.taxCode)} · ${escapeHtml(identity.email)} · ${escapeHtml(identity.note)}</small></label>
</div>`,
  ).join("\n");
  return page(
    `Accesso con ${label} di prova`,
    `<h1>Accesso con ${escapeHtml(label)} di prova</h1>
<p>Questo gestore d'identità esiste solo in sviluppo e nei test. Scegli con quale identità entrare.</p>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ""}
<form method="post" action="${escapeHtml(`${DEV_IDP_PATH}/${name}/interaction/${encodeURIComponent(uid)}`)}">
<fieldset>
<legend>Identità di prova</legend>
${choices}
</fieldset>
<div class="actions">
<button type="submit" class="primary" name="action" value="login">Entra con questa identità</button>
<button type="submit" class="secondary" name="action" value="cancel">Annulla</button>
</div>
</form>`,
  );
}

function expiredPage(name: NationalIdentityProvider): string {
  const label = NATIONAL_IDENTITY_LABELS[name];
  return page(
    `Accesso con ${label} di prova`,
    `<h1>Accesso con ${escapeHtml(label)} di prova</h1>
<p role="alert">La richiesta di accesso è scaduta o non è valida.</p>
<p><a href="/login">Torna all'accesso</a></p>`,
  );
}

import { randomBytes } from "node:crypto";
import {
  decodeTaxCode,
  isValidTaxCode,
  NATIONAL_IDENTITY_MESSAGES,
  type NationalIdentityProvider,
  normalizeTaxCode,
  type TNationalIdentityData,
} from "@cura/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type * as oidc from "openid-client";
import type { ModuleContext } from "../../../platform/module.ts";
import { callbackPath, embeddedClient, embeddedIssuer, requestOrigin } from "./dev-idp.ts";
import { seal, unseal } from "./sealed.ts";

/**
 * The relying party (openid-client): authorization code flow with PKCE, state and nonce, scope
 * "openid profile email", against the broker configured for the provider (SPID_* / CIE_*), or the
 * embedded test provider where dev tools exist and none is configured.
 *
 * Addresses. With a configured broker, the redirect URI is `{PUBLIC_URL}/api/v1/auth/{p}/callback`
 * (the one registered at the broker). With the embedded provider, issuer and redirect URI are built
 * on the origin of the request (see dev-idp.ts), and the server-to-server calls (discovery, token,
 * JWKS, userinfo) go to the embedded provider in-process through `app.inject` instead of the
 * network: the same HTTP handling, without depending on whether the browser's address is
 * reachable from the server (a proxy, a container's port mapping, a port chosen at start).
 */
const SCOPE = "openid profile email";
const FLOW_PURPOSE = "national-identity-flow";
const FLOW_SECONDS = 10 * 60;
const DISCOVERY_TTL_MS = 10 * 60_000;
const HTTP_TIMEOUT_SECONDS = 10;

export interface RelyingParty {
  provider: NationalIdentityProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  embedded: boolean;
}

/** What the flow cookie carries from start to callback. */
interface Flow {
  p: NationalIdentityProvider;
  issuer: string;
  redirectUri: string;
  state: string;
  nonce: string;
  verifier: string;
}

export class IdentityFlowError extends Error {
  /** The Italian message the login page shows. */
  readonly userMessage: string;
  /** For the audit log and the server log: never a token or a code. */
  readonly reason: string;

  constructor(userMessage: string, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "IdentityFlowError";
    this.userMessage = userMessage;
    this.reason = reason;
  }
}

export function relyingPartyFor(
  ctx: ModuleContext,
  request: FastifyRequest,
  provider: NationalIdentityProvider,
): RelyingParty | null {
  const broker = ctx.config.nationalIdentity[provider];
  if (broker) {
    return {
      provider,
      issuer: broker.issuer,
      clientId: broker.clientId,
      clientSecret: broker.clientSecret,
      redirectUri: `${ctx.config.publicUrl}${callbackPath(provider)}`,
      embedded: false,
    };
  }
  // The embedded provider only where dev tools exist: never in production.
  if (!ctx.config.devTools) return null;
  const origin = requestOrigin(request);
  return {
    provider,
    issuer: embeddedIssuer(origin, provider),
    ...embeddedClient(ctx.config.appSecret, provider),
    redirectUri: `${origin}${callbackPath(provider)}`,
    embedded: true,
  };
}

export interface RelyingPartyDeps {
  ctx: ModuleContext;
  /** The Fastify instance the embedded provider is mounted on, for in-process calls. */
  app: FastifyInstance;
}

const discoveries = new WeakMap<ModuleContext, Map<string, { at: number; config: Promise<oidc.Configuration> }>>();

/** openid-client, imported with the first sign-in through SPID or CIE (7 MB resident otherwise: issue 15). */
const loadOidc = () => import("openid-client");

async function configurationOf(deps: RelyingPartyDeps, rp: RelyingParty): Promise<oidc.Configuration> {
  let cache = discoveries.get(deps.ctx);
  if (!cache) {
    cache = new Map();
    discoveries.set(deps.ctx, cache);
  }
  const key = `${rp.issuer}\n${rp.clientId}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const insecure = new URL(rp.issuer).protocol === "http:";
  if (insecure && deps.ctx.config.production) throw new Error("an identity provider over plain HTTP in production");
  // The promise is cached before anything is awaited: concurrent sign-ins share one discovery.
  const config = loadOidc().then((oidc) => {
    const options: oidc.DiscoveryRequestOptions = {
      timeout: HTTP_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(rp.embedded ? { [oidc.customFetch]: inProcessFetch(deps) } : {}),
    };
    return oidc.discovery(
      new URL(rp.issuer),
      rp.clientId,
      { client_secret: rp.clientSecret, id_token_signed_response_alg: "RS256" },
      oidc.ClientSecretBasic(rp.clientSecret),
      options,
    );
  });
  cache.set(key, { at: Date.now(), config });
  config.catch(() => cache.delete(key));
  return config;
}

/** fetch() for the embedded provider, answered by the app itself (Fastify's inject). */
function inProcessFetch(deps: RelyingPartyDeps): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers, host: target.host };
    // With TRUST_PROXY the request's own protocol is read from this header; harmless otherwise.
    headers["x-forwarded-proto"] = target.protocol.replace(":", "");
    const body = options.body;
    const response = await deps.app.inject({
      method: options.method as "GET" | "POST",
      url: target.pathname + target.search,
      headers,
      ...(body === undefined || body === null ? {} : { payload: typeof body === "string" ? body : String(body) }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, item);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * The authorization request: the URL to send the browser to, and the sealed flow cookie that
 * keeps state, nonce and the PKCE verifier until the callback.
 */
export async function beginAuthorization(
  deps: RelyingPartyDeps,
  rp: RelyingParty,
): Promise<{ url: string; flowCookie: string; maxAge: number }> {
  let config: oidc.Configuration;
  try {
    config = await configurationOf(deps, rp);
  } catch (cause) {
    throw new IdentityFlowError(NATIONAL_IDENTITY_MESSAGES.providerUnreachable, "discovery_failed", { cause });
  }
  const oidc = await loadOidc();
  const flow: Flow = {
    p: rp.provider,
    issuer: rp.issuer,
    redirectUri: rp.redirectUri,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri,
    scope: SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    // Every start is a fresh authentication at the provider, never a silent single sign-on.
    prompt: "login",
  });
  return {
    url: url.href,
    flowCookie: seal(deps.ctx.config.appSecret, FLOW_PURPOSE, flow, FLOW_SECONDS),
    maxAge: FLOW_SECONDS,
  };
}

/**
 * The callback: checks the flow cookie, exchanges the code (PKCE verifier, state, nonce, issuer and
 * ID token signature checked by openid-client) and reads the person's identity from the claims.
 */
export async function completeAuthorization(
  deps: RelyingPartyDeps,
  rp: RelyingParty,
  flowCookie: string | null,
  /** The query string of the callback request, as the provider sent it. */
  search: string,
): Promise<TNationalIdentityData> {
  const params = new URLSearchParams(search);
  const error = params.get("error");
  const flow = unseal<Flow>(deps.ctx.config.appSecret, FLOW_PURPOSE, flowCookie);
  if (error) {
    const cancelled = error === "access_denied";
    throw new IdentityFlowError(
      cancelled ? NATIONAL_IDENTITY_MESSAGES.cancelled : NATIONAL_IDENTITY_MESSAGES.failed,
      cancelled ? "cancelled" : `provider_error:${error.slice(0, 64)}`,
    );
  }
  // The flow must have started here, for this provider, against the same issuer and return address.
  if (!flow || flow.p !== rp.provider || flow.issuer !== rp.issuer || flow.redirectUri !== rp.redirectUri) {
    throw new IdentityFlowError(NATIONAL_IDENTITY_MESSAGES.expiredFlow, "flow_cookie_missing_or_invalid");
  }
  let config: oidc.Configuration;
  try {
    config = await configurationOf(deps, rp);
  } catch (cause) {
    throw new IdentityFlowError(NATIONAL_IDENTITY_MESSAGES.providerUnreachable, "discovery_failed", { cause });
  }
  const oidc = await loadOidc();
  const currentUrl = new URL(rp.redirectUri);
  currentUrl.search = params.toString();
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("no ID token");
    claims = { ...idClaims };
    // Brokers that keep the attributes out of the ID token give them at userinfo.
    if (!taxCodeClaim(claims)) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    }
  } catch (cause) {
    throw new IdentityFlowError(NATIONAL_IDENTITY_MESSAGES.failed, "code_exchange_failed", { cause });
  }
  const identity = identityFromClaims(claims);
  if (!identity) throw new IdentityFlowError(NATIONAL_IDENTITY_MESSAGES.noTaxCode, "no_valid_tax_code");
  return identity;
}

const claimText = (claims: Record<string, unknown>, ...names: string[]): string | null => {
  for (const name of names) {
    const value = claims[name];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
};

/** SPID's and CIE's attribute for the tax code, under the names brokers use. */
function taxCodeClaim(claims: Record<string, unknown>): string | null {
  return claimText(claims, "fiscal_number", "https://attributes.eid.gov.it/fiscal_number", "fiscalNumber");
}

/**
 * The identity in Cura's words. The tax code is required and must be valid (TINIT- stripped);
 * gender and birthday come from the claims, else from the tax code.
 */
export function identityFromClaims(claims: Record<string, unknown>): TNationalIdentityData | null {
  const rawTaxCode = taxCodeClaim(claims);
  if (!rawTaxCode || !isValidTaxCode(rawTaxCode)) return null;
  const cf = normalizeTaxCode(rawTaxCode);
  const decoded = decodeTaxCode(cf);
  const name = claimText(claims, "given_name", "name") ?? "";
  const surname = claimText(claims, "family_name", "familyName") ?? "";
  if (!name || !surname) return null;
  const gender = genderOf(claimText(claims, "gender")) ?? decoded?.gender ?? null;
  const birthdate = claimText(claims, "birthdate", "date_of_birth", "dateOfBirth");
  const birthday = birthdate && /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? birthdate : (decoded?.birthday ?? null);
  const email = claimText(claims, "email");
  return { name, surname, cf, gender, birthday, email: email ? email.toLowerCase() : null };
}

function genderOf(value: string | null): "maschile" | "femminile" | null {
  switch (value?.toLowerCase()) {
    case "m":
    case "male":
    case "maschile":
      return "maschile";
    case "f":
    case "female":
    case "femminile":
      return "femminile";
    default:
      return null;
  }
}

/** A fresh random value for the binding cookie. */
export const newBinding = () => randomBytes(24).toString("base64url");

import { DomainError, forbidden, type UserType, unauthenticated } from "@cura/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The access rule of a route, declared once in its route options (`config.access`) and enforced
 * here for every request before the body is even read. Record-level rules (own company, own
 * record, caregiver consent) belong to the services, which answer 404 for someone else's record.
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      /** User types allowed; omitted means any signed-in user. */
      types?: readonly UserType[];
      /** Operator permission strings, all required (operators only). */
      permissions?: readonly string[];
      /** Company levels allowed for operators (1 first level, 5 monitoring room). */
      companyLevels?: readonly number[];
      /** Identity routes stay usable while the e-mail or phone is still unverified. */
      allowUnverified?: boolean;
      /**
       * The token may also come as `?access_token=` (spec 000 §2.3, GET users/fresh/me only). A token
       * in a URL ends up in logs and history, so no other route accepts it.
       */
      tokenInQuery?: boolean;
    };

export interface Principal {
  userId: number;
  hashid: string;
  type: UserType;
  sessionId: number;
  permissions: readonly string[];
  companyId: number | null;
  companyLevel: number | null;
  emailPendingVerification: boolean;
  phonePendingVerification: boolean;
  /**
   * Set when the account may sign in but must not act yet (an operator waiting for their company
   * to enable them): it reaches only its own account's routes (those of `allowUnverified`), and
   * every other route answers 403 with this message and code. The authenticator decides it where
   * the membership is resolved, so no route can forget it.
   */
  restricted: { message: string; code: string } | null;
}

/** Resolves a bearer token to its principal; the identity module provides it. */
export interface Authenticator {
  authenticate(token: string, request: FastifyRequest): Promise<Principal | null>;
  /**
   * Which of these sessions would still authenticate (not revoked, expired or idle past the user's
   * limit, the account not disabled or suspended), in one query and without counting as a use:
   * long-lived connections (the realtime socket) check theirs periodically with it.
   */
  liveSessions(sessionIds: readonly number[]): Promise<Set<number>>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The signed-in principal of a route whose rule guarantees one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

export function describeAccess(access: Access): Record<string, unknown> {
  if (access.public) return { public: true };
  return {
    public: false,
    types: access.types ?? [0, 1, 2],
    ...(access.permissions?.length ? { permissions: access.permissions } : {}),
    ...(access.companyLevels?.length ? { companyLevels: access.companyLevels } : {}),
  };
}

export function registerAccess(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest("principal", null);

  // Every API route must say who may call it; a route without a rule does not start.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (route.url.startsWith("/api/docs")) {
      route.config = { ...route.config, access: { public: true } };
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    schema["x-access"] = describeAccess(access);
    if (!access.public) schema.security = [{ bearer: [] }];
    route.schema = schema;
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    const token =
      bearerToken(request) ?? (access && !access.public && access.tokenInQuery ? queryToken(request) : null);
    if (token) request.principal = await authenticator.authenticate(token, request);
    if (!access || access.public) return;
    const principal = request.principal;
    if (!principal) throw unauthenticated();
    if (!access.allowUnverified) {
      if (principal.emailPendingVerification)
        throw unauthenticated("Indirizzo e-mail non verificato", "email_not_verified");
      if (principal.phonePendingVerification)
        throw unauthenticated("Numero di telefono non verificato", "phone_not_verified");
      if (principal.restricted)
        throw new DomainError("forbidden", {
          message: principal.restricted.message,
          publicCode: principal.restricted.code,
        });
    }
    if (access.types && !access.types.includes(principal.type)) throw forbidden();
    if (access.permissions?.length || access.companyLevels?.length) {
      // Permission strings and company levels only mean something for an operator of a company.
      if (principal.type !== 1 || principal.companyId === null) throw forbidden();
      const missing = access.permissions?.some((p) => !principal.permissions.includes(p));
      if (missing) throw forbidden();
      if (access.companyLevels?.length && !access.companyLevels.includes(principal.companyLevel ?? -1))
        throw forbidden();
    }
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header);
  return match?.[1] ?? null;
}

function queryToken(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof value === "string" && /^[A-Za-z0-9_-]{16,200}$/.test(value) ? value : null;
}

/** A URL as it may be logged: an access token in the query is replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/gi, "$1[redacted]");
}

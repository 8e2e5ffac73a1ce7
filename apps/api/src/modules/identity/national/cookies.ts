import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The two cookies of the national-identity flow, both HttpOnly and SameSite=Lax (the provider
 * sends the browser back with a top-level GET, which Lax lets through):
 * - the flow cookie (state, nonce, PKCE verifier), from start to callback, on the callback's path;
 * - the binding cookie, from callback to verify/registration: the identity token is only good in
 *   the browser that went through the provider, so a token leaked from a URL (history, logs, a
 *   forwarded link) cannot sign anyone in, nor sign a victim into someone else's account.
 */
export const BINDING_COOKIE = "cura_nid";
export const BINDING_COOKIE_PATH = "/api/v1";
export const flowCookieName = (provider: string) => `cura_oidc_${provider}`;
export const flowCookiePath = (provider: string) => `/api/v1/auth/${provider}`;

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Adds a Set-Cookie header, keeping the ones already set on the reply. */
export function addCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader("set-cookie");
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  reply.header("set-cookie", [...list, cookie]);
}

/** Secure cookies wherever the browser sees https (behind a proxy: with TRUST_PROXY) and in production. */
export function secureCookies(request: FastifyRequest, production: boolean): boolean {
  return production || request.protocol === "https";
}

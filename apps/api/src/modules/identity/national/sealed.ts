import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Small values the server hands out and gets back (a cookie, a token in a URL) without storing
 * them: sealed with AES-256-GCM under a key derived from the app secret for one purpose. The
 * encryption keeps the contents private (a tax code in a URL ends up in browser history and access
 * logs), the authentication tag keeps them unforgeable, and the purpose keeps a value of one kind
 * from being accepted as another. Each value carries its own expiry.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();
function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "cura-sealed-values", `cura ${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

export function seal(secret: string, purpose: string, payload: object, ttlSeconds: number, now = Date.now()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(`${VERSION}:${purpose}`));
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const body = Buffer.concat([cipher.update(JSON.stringify({ ...payload, exp }), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The payload, or null when the value is malformed, forged, of another purpose or expired. */
export function unseal<T extends object>(
  secret: string,
  purpose: string,
  value: string | null | undefined,
  now = Date.now(),
): (T & { exp: number }) | null {
  if (!value || value.length > 8192 || !value.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(value.slice(VERSION.length + 1), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`${VERSION}:${purpose}`));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    const payload = JSON.parse(text.toString("utf8")) as T & { exp?: unknown };
    if (typeof payload !== "object" || payload === null || typeof payload.exp !== "number") return null;
    if (payload.exp * 1000 <= now) return null;
    return payload as T & { exp: number };
  } catch {
    return null;
  }
}

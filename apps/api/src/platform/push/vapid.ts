import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** VAPID (RFC 8292): the application server's key pair and the signed JWT each push request carries. */
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (the `applicationServerKey` a page subscribes with). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x as string, "base64url"),
    Buffer.from(pub.y as string, "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: priv.d as string };
}

/**
 * The keys of the configuration; without them (development) keys generated once and kept in
 * DATA_DIR/vapid.json, so browsers' subscriptions survive a restart; in tests, in memory.
 */
export function resolveVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  dataDir: string;
  env: string;
}): VapidKeys | null {
  if (options.publicKey && options.privateKey) return { publicKey: options.publicKey, privateKey: options.privateKey };
  if (options.env === "production") return null;
  if (options.env === "test") return testKeys;
  const file = join(options.dataDir, "vapid.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  const keys = generateVapidKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** One pair per test process: every app of a test file signs with the same key. */
const testKeys = generateVapidKeys();

function privateKeyObject(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, "base64url");
  return createPrivateKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      d: keys.privateKey,
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
  });
}

/** The `Authorization: vapid t=…, k=…` header for one push service (its origin is the JWT's audience). */
export function vapidAuthorization(keys: VapidKeys, endpoint: string, subject: string, now = Date.now()): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${b64({ typ: "JWT", alg: "ES256" })}.${b64({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + 12 * 3600,
    sub: subject,
  })}`;
  const signature = sign("sha256", Buffer.from(unsigned), { key: privateKeyObject(keys), dsaEncoding: "ieee-p1363" });
  return `vapid t=${unsigned}.${signature.toString("base64url")}, k=${keys.publicKey}`;
}

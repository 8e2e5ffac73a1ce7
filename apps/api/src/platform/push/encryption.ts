import { createCipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";

/**
 * The Web Push message encryption of RFC 8291 with the aes128gcm content coding of RFC 8188: one
 * record, an ephemeral P-256 key per message, the browser's public key (p256dh) and auth secret.
 */

const RECORD_SIZE = 4096;

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

export function encryptPayload(
  payload: Buffer,
  subscriber: { p256dh: string; auth: string },
  // Tests pin these to compare with the RFC's example; normal calls draw them at random.
  fixed?: { salt: Buffer; privateKey: Buffer },
): Buffer {
  const uaPublic = Buffer.from(subscriber.p256dh, "base64url");
  const authSecret = Buffer.from(subscriber.auth, "base64url");
  if (uaPublic.length !== 65 || authSecret.length < 16) throw new Error("invalid push subscription keys");
  if (payload.length > RECORD_SIZE - 17 - 86) throw new Error("push payload too large");
  const ecdh = createECDH("prime256v1");
  if (fixed) ecdh.setPrivateKey(fixed.privateKey);
  else ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(uaPublic);
  const salt = fixed?.salt ?? randomBytes(16);

  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hkdf(shared, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);

  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  // 0x02: the padding delimiter of the last (only) record.
  const body = Buffer.concat([
    cipher.update(Buffer.concat([payload, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

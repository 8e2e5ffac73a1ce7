import { createHmac } from "node:crypto";

/**
 * The short code of a booking (`GET reservations/requestcode/{id}`), the one a citizen reads to an
 * operator on the phone: "PR-" and eight characters of Crockford's base32 (no I, L, O, U, so no
 * 0/O or 1/I mix-ups). It is the booking's key through a keyed permutation of 40 bits (a Feistel
 * network over HMAC-SHA256), so two bookings never share a code and codes do not reveal how many
 * bookings exist or which came first.
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const HALF_BITS = 20;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 4;

function round(secret: string, index: number, half: number): number {
  const digest = createHmac("sha256", secret).update(`booking-code:${index}:${half}`).digest();
  return digest.readUInt32BE(0) & HALF_MASK;
}

function permute(secret: string, id: number): number {
  let left = Math.floor(id / 2 ** HALF_BITS) & HALF_MASK;
  let right = id & HALF_MASK;
  for (let i = 0; i < ROUNDS; i++) {
    const next = left ^ round(secret, i, right);
    left = right;
    right = next;
  }
  return left * 2 ** HALF_BITS + right;
}

export function bookingCode(secret: string, id: number): string {
  let value = permute(secret, id);
  let text = "";
  for (let i = 0; i < 8; i++) {
    text = (ALPHABET[value % 32] as string) + text;
    value = Math.floor(value / 32);
  }
  return `PR-${text.slice(0, 4)}-${text.slice(4)}`;
}

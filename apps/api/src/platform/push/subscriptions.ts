import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { pushSubscriptions } from "./tables.ts";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A browser's PushSubscription JSON, as `JSON.stringify(subscription)` writes it. The server POSTs to
 * the endpoint it names, so only https is taken unless `allowHttp` (development and tests, where a
 * local HTTP server stands for the push service): an http endpoint would let a signed-in user make the
 * server call plain-HTTP services on its network. Every browser's push service is https.
 */
export function parseSubscription(
  token: string,
  options: { allowHttp: boolean } = { allowHttp: false },
): { endpoint: string; p256dh: string; auth: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  const v = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof v?.endpoint !== "string" || typeof v.keys?.p256dh !== "string" || typeof v.keys.auth !== "string")
    return null;
  try {
    const url = new URL(v.endpoint);
    if (url.protocol !== "https:" && !(options.allowHttp && url.protocol === "http:")) return null;
  } catch {
    return null;
  }
  if (Buffer.from(v.keys.p256dh, "base64url").length !== 65 || Buffer.from(v.keys.auth, "base64url").length < 16)
    return null;
  return { endpoint: v.endpoint, p256dh: v.keys.p256dh, auth: v.keys.auth };
}

/**
 * Keeps one browser's subscription for the user (a user has one per device). The same endpoint
 * sent again, by this user or by another who signed in on that browser, moves to the latest one.
 * Answers false when the token is not a Web Push subscription (a native app's token).
 */
export async function saveSubscription(
  db: Executor,
  userId: number,
  token: string,
  options: { allowHttp: boolean } = { allowHttp: false },
): Promise<boolean> {
  const parsed = parseSubscription(token, options);
  if (!parsed) return false;
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...parsed })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: parsed.p256dh, auth: parsed.auth, createdAt: sql`now()` },
    });
  return true;
}

export async function subscriptionsOf(db: Executor, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSent(db: Executor, id: number): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}

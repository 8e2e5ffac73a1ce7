import type { Executor } from "../../db/client.ts";
import { encryptPayload } from "./encryption.ts";
import { deleteSubscription, markSent, type PushSubscriptionRow, subscriptionsOf } from "./subscriptions.ts";
import { type VapidKeys, vapidAuthorization } from "./vapid.ts";

/** What the service worker (apps/web/public/sw.js) shows: title, body, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  extraData: { url: string | null; kind: string };
}

export interface PushSender {
  /** The key pages subscribe with; null when push is not configured (production without keys). */
  readonly publicKey: string | null;
  /** Delivers to every subscription of these users; answers how many deliveries succeeded. */
  sendToUsers(db: Executor, userIds: number[], message: PushMessage): Promise<number>;
  /** The subscriptions of these users, in one query (none, and no query, when push is not configured). */
  subscriptionsOf(db: Executor, userIds: number[]): Promise<PushSubscriptionRow[]>;
  /** Delivers to these subscriptions; answers how many deliveries succeeded. */
  sendToSubscriptions(db: Executor, subscriptions: PushSubscriptionRow[], message: PushMessage): Promise<number>;
}

const ATTEMPTS = 3;
/** Push services keep an undelivered message this long for an offline browser. */
const TTL_SECONDS = 24 * 3600;

export function createPushSender(options: {
  keys: VapidKeys | null;
  subject: string;
  retryDelayMs: number;
  log?: { warn(obj: object, msg: string): void };
}): PushSender {
  const { keys } = options;

  /** One subscription: three attempts, retryDelayMs apart; 404 and 410 mean the browser dropped it. */
  const deliver = async (db: Executor, subscription: PushSubscriptionRow, payload: Buffer): Promise<boolean> => {
    if (!keys) return false;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let status = 0;
      try {
        // Encrypted afresh per attempt: a new salt and key per request, as RFC 8291 asks.
        const body = encryptPayload(payload, subscription);
        const response = await fetch(subscription.endpoint, {
          method: "POST",
          headers: {
            authorization: vapidAuthorization(keys, subscription.endpoint, options.subject),
            "content-encoding": "aes128gcm",
            "content-type": "application/octet-stream",
            ttl: String(TTL_SECONDS),
            urgency: "normal",
          },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        await markSent(db, subscription.id);
        return true;
      }
      if (status === 404 || status === 410) {
        await deleteSubscription(db, subscription.id);
        return false;
      }
      // Other 4xx (bad request, payload too large) will not get better by waiting.
      if (status >= 400 && status < 500 && status !== 429) break;
      if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    }
    options.log?.warn({ subscription: subscription.id }, "push not delivered after retries");
    return false;
  };

  const subscriptionsOfUsers = async (db: Executor, userIds: number[]) => (keys ? subscriptionsOf(db, userIds) : []);
  const sendTo = async (db: Executor, subscriptions: PushSubscriptionRow[], message: PushMessage) => {
    if (!keys || subscriptions.length === 0) return 0;
    const payload = Buffer.from(JSON.stringify(message));
    const results = await Promise.all(subscriptions.map((s) => deliver(db, s, payload)));
    return results.filter(Boolean).length;
  };

  return {
    publicKey: keys?.publicKey ?? null,
    sendToUsers: async (db, userIds, message) => sendTo(db, await subscriptionsOfUsers(db, userIds), message),
    subscriptionsOf: subscriptionsOfUsers,
    sendToSubscriptions: sendTo,
  };
}

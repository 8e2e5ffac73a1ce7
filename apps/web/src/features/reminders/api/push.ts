import { DELAYS_MS, PUSH_TOKEN_RETRIES } from "@cura/domain/constants";
import { api, isApiError, type UnauthorizedPolicy } from "../../../lib/api.ts";

/**
 * Web Push in this browser: the service worker at the web root (public/sw.js), a subscription with
 * the server's VAPID key, sent to POST users/push/token (one of the user's devices).
 */
export type PushState = "unsupported" | "denied" | "default" | "granted";

/** Whether this browser is subscribed already (permission alone does not make a subscription). */
export async function isSubscribed(): Promise<boolean> {
  if (pushState() !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) != null;
}

export function pushState(): PushState {
  if (
    typeof window === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  )
    return "unsupported";
  return Notification.permission as PushState;
}

const fromBase64Url = (text: string) => {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/** Asks for permission, registers the worker, subscribes and sends the subscription; answers the permission. */
export async function enablePush(): Promise<PushState> {
  if (pushState() === "unsupported") return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission as PushState;
  const { public_key: key } = await api.get<{ public_key: string | null }>("push/key");
  if (!key) return "unsupported";
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key) }));
  await storeSubscription(subscription.toJSON());
  return "granted";
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST users/push/token with this browser's subscription. A failure that may pass (no network, the
 * server busy or down) is retried up to PUSH_TOKEN_RETRIES times, 3 s apart (spec 000 §4, §8); a
 * refusal (4xx other than 429) is not.
 */
export async function storeSubscription(
  subscription: PushSubscriptionJSON,
  options: { on401?: UnauthorizedPolicy; wait?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const body = { token: JSON.stringify(subscription), client: "web" };
  const wait = options.wait ?? sleep;
  for (let attempt = 0; ; attempt++) {
    try {
      await api.post("users/push/token", body, { on401: options.on401 });
      return;
    } catch (error) {
      const transient = !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;
      if (!transient || attempt >= PUSH_TOKEN_RETRIES) throw error;
      await wait(DELAYS_MS.pushTokenRetry);
    }
  }
}

/**
 * At sign-in (spec 001 §7 "push-notification messaging initialisation"): a browser already
 * subscribed sends its subscription again, so pushes follow whoever is signed in on it now (the
 * server gives an endpoint to the last user who sent it) and a renewed subscription is known. Never
 * asks for permission; a failure is only logged (spec 000 §8).
 */
export async function refreshSubscription(): Promise<void> {
  if (pushState() !== "granted") return;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) await storeSubscription(subscription.toJSON(), { on401: "none" });
  } catch (error) {
    console.warn("push subscription not stored", error);
  }
}

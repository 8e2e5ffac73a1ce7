import { api } from "../../../lib/api.ts";

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
  await api.post("users/push/token", { token: JSON.stringify(subscription.toJSON()), client: "web" });
  return "granted";
}

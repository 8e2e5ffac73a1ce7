import type { AlertKind } from "../ui/alerts/index.ts";
import { normalisePath } from "./guard.ts";

/**
 * An alert to show on arrival at another page: the root layout clears the alerts on every route
 * change, so a page that moves on after an outcome ('Registrazione Completata!', 'Password
 * reimpostata') leaves it here for its destination. It is kept for the destination path, not handed
 * over in the navigation state: signing in moves the guard and the post-login gate through a few
 * redirects (/register → / → /cittadino/home → /number/verify), and only the last page shows it.
 */
export interface Flash {
  kind: AlertKind;
  message: string;
}

let pending: (Flash & { path: string }) | null = null;

/** Shows `message` when the app arrives at `to` (its path; a query is ignored). */
export function flashOnArrival(to: string, kind: AlertKind, message: string): void {
  pending = { path: normalisePath(to.split(/[?#]/)[0] ?? to), kind, message };
}

/** The alert waiting for `pathname`, once. */
export function takeFlash(pathname: string): Flash | null {
  if (!pending || pending.path !== normalisePath(pathname)) return null;
  const { kind, message } = pending;
  pending = null;
  return { kind, message };
}

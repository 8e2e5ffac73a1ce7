import type { TUser } from "@cura/domain";
import { AREA_BY_USER_TYPE } from "@cura/domain/constants";
import { useSyncExternalStore } from "react";
import { clearSessionStorage, SESSION_KEYS, STORAGE_KEYS, storage } from "./storage.ts";

/**
 * The signed-in session: the bearer token and the user, kept in local storage (spec 000 §3) and
 * mirrored here so React re-renders when they change: on login, on logout, on a 401 answer, and
 * when another tab signs in or out.
 */
export interface SessionState {
  token: string | null;
  user: TUser | null;
}

export type Area = (typeof AREA_BY_USER_TYPE)[keyof typeof AREA_BY_USER_TYPE];
const AREAS: readonly string[] = Object.values(AREA_BY_USER_TYPE);

/**
 * A stored user is trusted as far as routing needs it (an id, a type, an area). The full shape is
 * refreshed from `users/fresh/me` by the shells; a strict parse here would sign people out whenever
 * the API adds or renames a field.
 */
function isStoredUser(value: unknown): value is TUser {
  if (typeof value !== "object" || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.hashid === "string" &&
    (user.type === 0 || user.type === 1 || user.type === 2) &&
    typeof user.i_am === "string" &&
    AREAS.includes(user.i_am)
  );
}

function read(): SessionState {
  const token = storage.getString(STORAGE_KEYS.token);
  const user = storage.getJson(STORAGE_KEYS.user);
  if (!token || !isStoredUser(user)) return { token: null, user: null };
  return { token, user: normaliseUser(user) };
}

/** Lists may be missing from an older stored copy; the app reads them without checks. */
function normaliseUser(user: TUser): TUser {
  return { ...user, permessi: Array.isArray(user.permessi) ? user.permessi : [] };
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function storeUser(user: TUser): void {
  storage.setJson(STORAGE_KEYS.user, user);
  if (user.company) storage.setJson(STORAGE_KEYS.company, user.company);
  else storage.remove(STORAGE_KEYS.company);
}

export const session = {
  get(): SessionState {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  signIn(token: string, user: TUser): void {
    storage.setString(STORAGE_KEYS.token, token);
    storage.remove(STORAGE_KEYS.sessionExpired);
    storeUser(user);
    publish({ token, user: normaliseUser(user) });
  },
  /** A fresh copy of the signed-in user (from `users/fresh/me` or after a profile change). */
  setUser(user: TUser): void {
    if (!state.token) return;
    storeUser(user);
    publish({ token: state.token, user: normaliseUser(user) });
  },
  clear(): void {
    clearSessionStorage();
    if (state.token === null && state.user === null) return;
    publish({ token: null, user: null });
  },
  /** Re-reads local storage (another tab changed it, or a test prepared it). */
  reload(): void {
    publish(read());
  },
};

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) session.reload();
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The area prefix of a user (spec 000 §2.2: i_am decides the route prefix). */
export function areaOf(user: TUser): Area {
  return user.i_am;
}

export function homePathOf(user: TUser): string {
  return `/${areaOf(user)}/home`;
}

/** The name a person is greeted with: first name, else username, else e-mail. */
export function displayName(user: TUser): string {
  const name = user.anagrafica?.name?.trim();
  if (name) return name;
  return user.username ?? user.email ?? "";
}

export function fullName(user: TUser): string {
  const parts = [user.anagrafica?.name, user.anagrafica?.surname].filter((p): p is string => Boolean(p?.trim()));
  if (parts.length > 0) return parts.join(" ");
  return user.username ?? user.email ?? "";
}

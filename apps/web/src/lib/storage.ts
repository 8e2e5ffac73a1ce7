/**
 * The browser's local storage, behind a small API that never throws (private windows and blocked
 * storage answer as empty). The session keys are the spec's (000 §3 "Local storage of the session").
 */
export const STORAGE_KEYS = {
  user: "user",
  token: "token",
  company: "company",
  sessionExpired: "sessionExpired",
  language: "lang",
} as const;

/** The keys that make up a session: cleared together on logout, kept apart from preferences. */
export const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.token,
  STORAGE_KEYS.company,
  STORAGE_KEYS.sessionExpired,
];

function local(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  getString(key: string): string | null {
    try {
      return local()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setString(key: string, value: string): void {
    try {
      local()?.setItem(key, value);
    } catch {
      // Storage full or blocked: the app keeps working for this page view.
    }
  },
  getJson(key: string): unknown {
    const raw = storage.getString(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.setString(key, JSON.stringify(value));
  },
  remove(key: string): void {
    try {
      local()?.removeItem(key);
    } catch {
      // nothing to do
    }
  },
};

/** Logout clears the session keys; the language choice stays with the browser. */
export function clearSessionStorage(): void {
  for (const key of SESSION_KEYS) storage.remove(key);
}

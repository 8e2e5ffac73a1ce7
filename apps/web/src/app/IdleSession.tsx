import { useState } from "react";
import { type ITimers, useIdleTimer } from "react-idle-timer";
import { useLogout } from "../features/identity/api/logout.ts";
import { STORAGE_KEYS, storage } from "../lib/storage.ts";
import { lazyModal } from "../ui/lazy-modal.tsx";

// The modal's code (reactstrap's Modal, about 9 KB of gzip) is fetched when the session expires, not
// with every signed-in first page: IdleSession loads at once for a signed-in user (issue 15).
const SessionExpiredModal = lazyModal(() => import("./SessionExpiredModal.tsx").then((m) => m.SessionExpiredModal));

/** Activity events (mouse, keys, scroll…) are counted at most once a second (spec 000 §4). */
export const ACTIVITY_THROTTLE_MS = 1_000;

/**
 * The window's timers, looked up on each call: react-idle-timer binds its default ones when its
 * module loads, which a test's fake clock (installed later) would never reach.
 */
const LIVE_TIMERS: ITimers = {
  setTimeout: (fn, delay) => window.setTimeout(fn, delay),
  clearTimeout: (id) => window.clearTimeout(id),
  setInterval: (fn, delay) => window.setInterval(fn, delay),
  clearInterval: (id) => window.clearInterval(id),
};

/**
 * The idle session of spec 000 §4: after the user's session_timeout_minutes × 60 s without activity
 * the modal 'Sessione Scaduta' appears and the sessionExpired flag is stored (so a tab closed now
 * starts signed out: main.tsx). Closing the modal or pressing Accedi logs out. 0 minutes: never.
 */
export function IdleSession({ minutes }: { minutes: number }) {
  const logout = useLogout();
  const [expired, setExpired] = useState(false);
  const enabled = Number.isFinite(minutes) && minutes > 0;

  useIdleTimer({
    timeout: Math.max(minutes, 1) * 60_000,
    disabled: !enabled,
    eventsThrottle: ACTIVITY_THROTTLE_MS,
    stopOnIdle: true,
    timers: LIVE_TIMERS,
    onIdle: () => {
      storage.setString(STORAGE_KEYS.sessionExpired, "1");
      setExpired(true);
    },
  });

  const signOut = () => {
    if (!logout.isPending) logout.mutate();
  };

  return <SessionExpiredModal isOpen={expired} busy={logout.isPending} onSignOut={signOut} />;
}

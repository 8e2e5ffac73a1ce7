import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ITimers, useIdleTimer } from "react-idle-timer";
import { useLogout } from "../features/identity/api/logout.ts";
import { STORAGE_KEYS, storage } from "../lib/storage.ts";

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
  const { t } = useTranslation();
  const titleId = useId();
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

  return (
    <Modal
      isOpen={expired}
      toggle={signOut}
      labelledBy={titleId}
      centered
      backdrop="static"
      trapFocus
      data-testid="session-expired"
    >
      <ModalHeader id={titleId} tag="h2" toggle={signOut} closeAriaLabel={t("common.close")}>
        {t("idle.title")}
      </ModalHeader>
      <ModalBody>
        <p className="mb-0">{t("idle.message")}</p>
      </ModalBody>
      <ModalFooter>
        <Button color="primary" type="button" onClick={signOut} disabled={logout.isPending}>
          {t("idle.signIn")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

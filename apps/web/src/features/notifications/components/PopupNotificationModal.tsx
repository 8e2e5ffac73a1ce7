import type { TPopupNotification } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { useMarkPopupSeen, usePopupPush, useUnseenPopups } from "../api/popups.ts";
import { type PopupArea, popupTarget } from "./popup-target.ts";

/**
 * The popup-notification modal over the shell (spec 001 §2, §3): unseen popups are pushed on the
 * realtime socket and polled every 4.5 s while none is shown (every minute while pushes arrive); the first appears in a modal that Escape and the backdrop do not
 * close. Closing marks it seen; the action button marks it seen, closes and, for a teleconsult
 * action, navigates there.
 */
export function PopupNotificationModal({ area }: { area: PopupArea }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // `show` is stable; the alerts object changes with every alert shown.
  const { show } = useAlerts();
  const titleId = useId();
  const [current, setCurrent] = useState<TPopupNotification | null>(null);
  // Closed ones stay out even before the list is fetched again.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  // Pushed on the realtime socket when it is open (shown at once), else polled.
  const pushed = usePopupPush();
  const popups = useUnseenPopups(current !== null, pushed);
  const seen = useMarkPopupSeen();

  useEffect(() => {
    if (current) return;
    const next = popups.data?.find((p) => !closed.has(p.hashid));
    if (next) setCurrent(next);
  }, [current, popups.data, closed]);

  // A failed check says so (spec 001 §8); a 401 is the session's business, and a 404 means this
  // server offers no popups at all, which is nothing to warn about.
  const failed = popups.isError && !(isApiError(popups.error) && [401, 404].includes(popups.error.status));
  const failedAt = failed ? popups.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) show("error", t("notifications.popupLoadError"));
  }, [failedAt, show, t]);

  if (!current) return null;

  const finish = (goTo: string | null) => {
    setClosed((set) => new Set(set).add(current.hashid));
    setCurrent(null);
    seen.mutate(current.hashid, { onError: () => show("error", t("notifications.popupUpdateError")) });
    if (goTo) navigate(goTo);
  };
  const target = popupTarget(area, current.action);

  return (
    <Modal isOpen labelledBy={titleId} centered backdrop="static" keyboard={false} trapFocus>
      <ModalHeader id={titleId} tag="h2">
        {current.title}
      </ModalHeader>
      <ModalBody>
        <p className={`border-start border-4 border-${current.variant} ps-3 mb-0`} data-testid="popup-body">
          {current.body}
        </p>
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={() => finish(null)}>
          {t("notifications.popupClose")}
        </Button>
        {current.action ? (
          <Button color="primary" type="button" onClick={() => finish(target)}>
            {current.action}
          </Button>
        ) : null}
      </ModalFooter>
    </Modal>
  );
}

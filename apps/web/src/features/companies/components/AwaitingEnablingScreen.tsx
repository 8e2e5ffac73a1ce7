import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyModal } from "../../../ui/lazy-modal.tsx";
import { refreshMe } from "../../identity/api/me.ts";

// Loaded when first opened: the shell that shows this screen is every area's first load (issue 15's budgets).
const SupportModal = lazyModal(() => import("../../../app/shells/SupportModal.tsx").then((m) => m.SupportModal));

/**
 * What an operator sees after joining a company with its code, until an administrator of the company
 * enables them (issue 9 §2): the API answers 403 to every company call meanwhile, so the shell shows
 * this instead of the area's pages. "Controlla di nuovo" asks for the user again: once enabled, the
 * gate lets them through without signing in again.
 */
export function AwaitingEnablingScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);

  const check = async () => {
    setChecking(true);
    setStillWaiting(false);
    try {
      const user = await refreshMe(queryClient);
      setStillWaiting(user.operator_status === "pending");
    } catch {
      setStillWaiting(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="awaiting-enabling-title" data-testid="awaiting-enabling">
      <h1 id="awaiting-enabling-title" className="mb-3">
        {t("awaitingEnabling.title")}
      </h1>
      <p className="lead">{t("awaitingEnabling.message")}</p>
      <p>{t("awaitingEnabling.next")}</p>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <button type="button" className="btn btn-primary" onClick={check} disabled={checking}>
          {t("awaitingEnabling.check")}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => setSupportOpen(true)}>
          {t("login.contactSupport")}
        </button>
      </div>
      <div aria-live="polite" className="mt-3">
        {stillWaiting ? <p className="mb-0">{t("awaitingEnabling.stillWaiting")}</p> : null}
      </div>
      <SupportModal isOpen={supportOpen} onClose={() => setSupportOpen(false)} />
    </section>
  );
}

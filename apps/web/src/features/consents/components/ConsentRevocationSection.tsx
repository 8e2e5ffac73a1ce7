import { DELAYS_MS, type TUser } from "@cura/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "design-react-kit";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { homePathOf } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { useChangeConsents } from "../../identity/api/change-consents.ts";
import { refreshMe } from "../../identity/api/me.ts";

/** The consents one may revoke here; marketing has its own yes/no choice on the page. */
const REVOCABLE = ["data_consense", "charge_consense", "share_consense", "notification_consense"] as const;
type Revocable = (typeof REVOCABLE)[number];

/**
 * Revoking a consent (spec 001 §4 Consent revoke): a confirmation, the flag set to false, the profile
 * read again, a success alert, then Home after 3 seconds. Revoking a required consent (terms, privacy)
 * leaves the user without all consents: the post-login gate takes them to the consent screen at once.
 */
export function ConsentRevocationSection({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangeConsents();
  const [revoking, setRevoking] = useState<Revocable | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Cleared on unmount only: any re-render (the refreshed profile, the closed modal) must keep it.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const given = REVOCABLE.filter((flag) => user[flag]);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await change.mutateAsync({ [revoking]: false });
      await refreshMe(queryClient);
      alerts.success(t("consentRevocation.done"));
      timer.current = setTimeout(() => navigate(homePathOf(user)), DELAYS_MS.consentRevokedHome);
    } catch {
      alerts.error(t("consentRevocation.failed"));
    } finally {
      setRevoking(null);
    }
  };

  if (given.length === 0) return null;
  return (
    <section aria-labelledby="consent-revocation-title" className="mb-5">
      <h2 id="consent-revocation-title" className="h4">
        {t("consentRevocation.title")}
      </h2>
      <ul className="list-unstyled">
        {given.map((flag) => (
          <li key={flag} className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
            <span>{t(`consents.labels.${flag}`)}</span>
            <Button
              type="button"
              color="danger"
              outline
              size="sm"
              aria-label={t("consentRevocation.revokeOf", { consent: t(`consents.labels.${flag}`) })}
              onClick={() => setRevoking(flag)}
            >
              {t("consentRevocation.revoke")}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmModal
        isOpen={revoking !== null}
        title={t("consentRevocation.confirmTitle")}
        confirmLabel={t("consentRevocation.revoke")}
        cancelLabel={t("consentRevocation.cancel")}
        busy={change.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      >
        {revoking ? t("consentRevocation.confirmBody", { consent: t(`consents.labels.${revoking}`) }) : null}
      </ConfirmModal>
    </section>
  );
}

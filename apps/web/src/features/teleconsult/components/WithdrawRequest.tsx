import { CANCELLATION_REASONS } from "@cura/domain/booking-states";
import { Button } from "design-react-kit";
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { ReasonModal } from "../../../ui/ReasonModal.tsx";
import { useWithdrawTeleconsult } from "../api/withdraw.ts";

const REASONS = Object.keys(CANCELLATION_REASONS).map(Number) as (keyof typeof CANCELLATION_REASONS)[];

/**
 * 'Annulla richiesta' (issue 10: before the start the citizen withdraws freely): a reason 1–2 in a
 * modal that keeps the focus inside and gives it back to the button when kept. Once withdrawn the
 * button and its modal are gone with the request: `onWithdrawn` tells the page, which places the focus.
 */
export function WithdrawRequest({ hashid, onWithdrawn }: { hashid: string; onWithdrawn: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawTeleconsult();
  const error = withdraw.isError
    ? isApiError(withdraw.error)
      ? withdraw.error.message
      : t("errors.unexpected")
    : null;
  return (
    <>
      <Button
        type="button"
        color="danger"
        outline
        onClick={() => {
          withdraw.reset();
          setOpen(true);
        }}
      >
        {t("teleconsult.withdraw.open")}
      </Button>
      <ReasonModal
        isOpen={open}
        title={t("teleconsult.withdraw.title")}
        intro={<p className="mb-0">{t("teleconsult.withdraw.body")}</p>}
        legend={t("teleconsult.withdraw.reasonLegend")}
        name={`withdraw-reason-${hashid}`}
        reasons={REASONS.map((r) => ({ value: r, label: t(`bookings.cancellationReasons.${r}`) }))}
        requiredMessage={t("teleconsult.withdraw.reasonRequired")}
        keepLabel={t("teleconsult.withdraw.keep")}
        confirmLabel={t("teleconsult.withdraw.confirm")}
        busy={withdraw.isPending}
        error={error}
        onConfirm={(reason) =>
          withdraw.mutate(
            { hashid, reason },
            {
              onSuccess: () => {
                setOpen(false);
                onWithdrawn();
              },
            },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * Once withdrawn, the button that opened the dialog is gone with the dialog (the dialog could only
 * give the focus back to nothing): the page's heading takes it, after the dialog's own clean-up, so
 * keyboard users go on from the top of what changed.
 */
export function useFocusAfterWithdrawal(withdrawn: boolean, heading: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!withdrawn) return;
    const timer = window.setTimeout(() => heading.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [withdrawn, heading]);
}

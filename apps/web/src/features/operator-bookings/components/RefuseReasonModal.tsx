import { REFUSAL_REASONS } from "@cura/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../../ui/ReasonModal.tsx";

const REASONS = Object.keys(REFUSAL_REASONS) as Array<"1" | "2" | "3" | "4">;

/**
 * Refusing asks why (spec 001 §4: operator refusal reasons 1–4), for one booking, a change request
 * or a bulk selection. Nothing is sent until a reason is chosen; `error` is the server's answer.
 */
export function RefuseReasonModal({
  isOpen,
  title,
  intro,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  onClosed,
}: {
  isOpen: boolean;
  title: string;
  intro?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: number) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ReasonModal
      isOpen={isOpen}
      title={title}
      intro={intro}
      legend={t("operatorBookings.refuse.reasonLegend")}
      name="refusal-reason"
      reasons={REASONS.map((r) => ({ value: Number(r), label: t(`bookings.refusalReasons.${r}`) }))}
      requiredMessage={t("operatorBookings.refuse.reasonRequired")}
      keepLabel={t("operatorBookings.refuse.keep")}
      confirmLabel={confirmLabel}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      {...(onClosed ? { onClosed } : {})}
    />
  );
}

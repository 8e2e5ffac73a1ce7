import { CANCELLATION_REASONS } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../../ui/ReasonModal.tsx";

const REASONS = Object.keys(CANCELLATION_REASONS).map(Number) as (keyof typeof CANCELLATION_REASONS)[];

/** Cancelling a booking asks why (spec 001 §4: reasons 1–2). */
export function CancelBookingModal({
  isOpen,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ReasonModal
      isOpen={isOpen}
      title={t("bookings.cancel.title")}
      intro={<p className="mb-0">{t("bookings.cancel.body")}</p>}
      legend={t("bookings.cancel.reasonLegend")}
      name="cancellation-reason"
      reasons={REASONS.map((r) => ({ value: r, label: t(`bookings.cancellationReasons.${r}`) }))}
      requiredMessage={t("bookings.cancel.reasonRequired")}
      keepLabel={t("bookings.cancel.keep")}
      confirmLabel={t("bookings.cancel.confirm")}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

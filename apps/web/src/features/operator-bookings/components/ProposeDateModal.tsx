import { useTranslation } from "react-i18next";
import { SlotPickerModal } from "../../bookings/components/SlotPickerModal.tsx";

/**
 * The operator proposes another date and time: a free slot of the same health service, one day at
 * a time. The citizen must then accept or reject it (the booking waits: in attesa di risposta).
 */
export function ProposeDateModal(props: {
  isOpen: boolean;
  service: string | null;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SlotPickerModal
      {...props}
      spanDays={1}
      labels={{
        title: t("operatorBookings.propose.title"),
        body: t("operatorBookings.propose.body"),
        date: t("operatorBookings.propose.date"),
        noSlots: t("operatorBookings.propose.noSlots"),
        slotRequired: t("operatorBookings.propose.slotRequired"),
        keep: t("operatorBookings.refuse.keep"),
        confirm: t("operatorBookings.propose.confirm"),
      }}
    />
  );
}

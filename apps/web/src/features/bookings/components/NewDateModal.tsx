import { useTranslation } from "react-i18next";
import { SlotPickerModal } from "./SlotPickerModal.tsx";

/**
 * Asking for another date and time (spec 001 §4): the citizen picks a free slot of the same
 * service, a week at a time from a chosen day; the request goes back to the company.
 */
export function NewDateModal(props: {
  isOpen: boolean;
  /** The health service's hashid. */
  service: string;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SlotPickerModal
      {...props}
      spanDays={7}
      labels={{
        title: t("bookings.newDate.title"),
        body: t("bookings.newDate.body"),
        date: t("bookings.newDate.from"),
        noSlots: t("bookings.newDate.noSlots"),
        slotRequired: t("bookings.newDate.slotRequired"),
        keep: t("bookings.newDate.close"),
        confirm: t("bookings.newDate.confirm"),
      }}
    />
  );
}

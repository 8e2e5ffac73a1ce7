import { COMPANY_MESSAGES, type THealthService } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { InfoModal } from "../../../ui/InfoModal.tsx";
import { useHealthServiceSlots } from "../api/health-service-slots.ts";
import { Loading } from "./Loading.tsx";

/** This week's bookable slots of a health service, as the citizen would see them. */
export function SlotsModal({ service, onClose }: { service: THealthService | null; onClose: () => void }) {
  const { t } = useTranslation();
  const slots = useHealthServiceSlots(service?.hashid ?? null);
  return (
    <InfoModal
      isOpen={service !== null}
      onClose={onClose}
      title={service ? t("companies.slots.title", { name: service.name }) : ""}
    >
      {slots.isPending ? <Loading /> : null}
      {slots.isError ? <FormMessage kind="error">{slots.error.message}</FormMessage> : null}
      {slots.data && slots.data.days.length === 0 ? <p>{COMPANY_MESSAGES.noAvailability}</p> : null}
      {slots.data && slots.data.days.length > 0 ? (
        <div data-testid="slots">
          {slots.data.days.map((day) => (
            <div key={day.date} className="mb-2">
              <h3 className="h6">{day.date}</h3>
              <ul className="list-inline" aria-label={t("companies.slots.dayLabel", { date: day.date })}>
                {day.slots.map((slot) => (
                  <li key={slot.start} className="list-inline-item badge bg-light text-dark border">
                    {slot.time}–{slot.end_time}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </InfoModal>
  );
}

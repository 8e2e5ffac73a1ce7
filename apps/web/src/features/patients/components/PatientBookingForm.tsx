import { type TBooking, type THealthService, type TPatientBookingBody, ZPatientBookingBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { todayInRome } from "../../bookings/format.ts";
import { useBookForPatient } from "../api/book-for-patient.ts";
import { useDaySlots } from "../api/day-slots.ts";

interface BookingForm {
  health_service: string;
  past: boolean;
  /** The day whose free slots are listed (future booking), or the visit's day (past booking). */
  date: string;
  start: string;
  time: string;
  operator_notes: string;
}

const FIELDS = ["health_service", "date", "start", "time", "operator_notes"] as const;

const toBody = (v: BookingForm): TPatientBookingBody =>
  v.past
    ? {
        health_service: v.health_service,
        past: true,
        ...(v.date ? { date: v.date } : {}),
        ...(v.time ? { time: v.time } : {}),
        ...(v.operator_notes.trim() ? { operator_notes: v.operator_notes.trim() } : {}),
      }
    : {
        health_service: v.health_service,
        past: false,
        ...(v.start ? { start: v.start } : {}),
        ...(v.operator_notes.trim() ? { operator_notes: v.operator_notes.trim() } : {}),
      };

export interface PatientBookingFormProps {
  patientHash: string;
  services: readonly THealthService[];
  initialService?: string;
  initialPast?: boolean;
  onBooked: (booking: TBooking) => void;
}

/**
 * The operator books a health service for the patient: a free slot of a chosen day (confirmed at
 * once), or, with "prenotazione passata", a visit that already happened (service, date and time
 * required: spec 001 §5). A slot taken meanwhile answers 409: the slots reload and the operator
 * chooses another.
 */
export function PatientBookingForm({
  patientHash,
  services,
  initialService = "",
  initialPast = false,
  onBooked,
}: PatientBookingFormProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const book = useBookForPatient();
  const today = todayInRome();
  const form = useAppForm<BookingForm>({
    defaultValues: {
      health_service: initialService,
      past: initialPast,
      date: initialPast ? "" : today,
      start: "",
      time: "",
      operator_notes: "",
    },
    resolver: schemaResolver(ZPatientBookingBody, toBody),
  });
  const { errors } = form.formState;
  const [service, past, date] = form.watch(["health_service", "past", "date"]);
  const slots = useDaySlots(past ? "" : service, past ? "" : date);

  const onSubmit = form.handleSubmit((values) =>
    book.mutate(
      { hash: patientHash, body: toBody(values) },
      {
        onSuccess: onBooked,
        onError: (error) => {
          if (isApiError(error) && error.status === 409) form.setValue("start", "");
          if (setServerErrors(error, form.setError, FIELDS).placed === 0)
            alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("patients.booking.formLabel")}>
      <SelectField
        label={t("patients.booking.service")}
        placeholder={t("patients.booking.choose")}
        options={services.map((s) => ({ value: s.hashid, label: s.name }))}
        error={errors.health_service?.message}
        {...form.register("health_service", { onChange: () => form.setValue("start", "") })}
      />
      <CheckboxField
        role="switch"
        label={t("patients.booking.past")}
        wrapperClassName="mb-4"
        {...form.register("past", {
          onChange: () => {
            form.setValue("start", "");
            form.setValue("date", form.getValues("past") ? "" : today);
          },
        })}
      />
      {past ? <p className="text-muted">{t("patients.booking.pastHint")}</p> : null}
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          type="date"
          label={past ? t("patients.booking.pastDate") : t("patients.booking.day")}
          {...(past ? { max: today } : { min: today })}
          error={errors.date?.message}
          {...form.register("date", { onChange: () => form.setValue("start", "") })}
        />
        {past ? (
          <TextField
            wrapperClassName="col-md-6"
            type="time"
            label={t("patients.booking.time")}
            error={errors.time?.message}
            {...form.register("time")}
          />
        ) : (
          <SelectField
            wrapperClassName="col-md-6"
            label={t("patients.booking.slot")}
            placeholder={
              !service || !date
                ? t("patients.booking.chooseServiceAndDay")
                : slots.isPending
                  ? t("common.loading")
                  : slots.data?.length
                    ? t("patients.booking.choose")
                    : t("patients.booking.noSlots")
            }
            options={(slots.data ?? []).map((s) => ({ value: s.start, label: `${s.time}–${s.end_time}` }))}
            error={errors.start?.message}
            {...form.register("start")}
          />
        )}
      </div>
      {slots.isError ? <FormMessage kind="error">{slots.error.message}</FormMessage> : null}
      <TextField
        label={`${t("patients.booking.notes")} ${t("common.optional")}`}
        error={errors.operator_notes?.message}
        {...form.register("operator_notes")}
      />
      <Button color="primary" type="submit" disabled={book.isPending}>
        {past ? t("patients.booking.submitPast") : t("patients.booking.submit")}
      </Button>
    </form>
  );
}

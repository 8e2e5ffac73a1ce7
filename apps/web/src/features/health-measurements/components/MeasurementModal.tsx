import {
  type TExam,
  type TMeasurement,
  type TMeasurementBody,
  type TMeasurementFields,
  ZMeasurementBody,
  ZMeasurementFields,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { CheckboxField, FormMessage, TextField } from "../../../ui/form.tsx";
import { useMeasurementChange } from "../api/measurements.ts";

interface MeasurementForm {
  value: string;
  date: string;
  time: string;
  private: boolean;
  notes: string;
}

const FIELDS = ["value", "private", "notes"] as const;

/** The browser's local date and time of an instant (now by default), for the date and time fields. */
function localParts(d = new Date()): { date: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The browser's local date and time as an instant (the API stores instants). */
function instantOf(date: string, time: string): string {
  const at = new Date(`${date}T${time || "00:00"}`);
  return Number.isNaN(at.getTime()) ? `${date}T${time}` : at.toISOString();
}

export interface MeasurementModalProps {
  isOpen: boolean;
  exam: TExam;
  patientHash: string | null;
  /** A reading of the caller's to change (PUT exams/measurements/edit/{id}); absent for a new one. */
  editing?: TMeasurement | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A new reading of the chosen parameter (POST exams/measurements/add), or a change to one of the
 * caller's own (PUT exams/measurements/edit/{id}, its attachment kept): the server's rules, the same schema.
 */
export function MeasurementModal({ isOpen, exam, patientHash, editing, onClose, onSaved }: MeasurementModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { add: create, edit } = useMeasurementChange();
  const add = editing ? edit : create;
  const empty = (): MeasurementForm =>
    editing
      ? {
          value: String(editing.value),
          ...localParts(new Date(editing.measured_at)),
          private: editing.private,
          notes: editing.notes ?? "",
        }
      : { value: "", ...localParts(), private: false, notes: "" };
  const toFields = (v: MeasurementForm): TMeasurementFields => ({
    value: v.value.trim() === "" ? Number.NaN : Number(v.value.replace(",", ".")),
    measured_at: instantOf(v.date, v.time),
    private: v.private,
    notes: orNull(v.notes),
    attachment: editing?.attachment?.hashid ?? null,
  });
  const toBody = (v: MeasurementForm): TMeasurementBody => ({
    ...(patientHash ? { user_id: patientHash } : {}),
    exam_id: exam.hashid,
    ...toFields(v),
  });
  const form = useAppForm<MeasurementForm>({
    defaultValues: empty(),
    resolver: editing ? schemaResolver(ZMeasurementFields, toFields) : schemaResolver(ZMeasurementBody, toBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again for each reading opened.
  useEffect(() => form.reset(empty()), [editing?.hashid, isOpen]);
  const { errors } = form.formState;
  const close = () => {
    form.reset(empty());
    add.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    const callbacks = {
      onSuccess: () => {
        form.reset(empty());
        onSaved();
      },
      onError: (error: unknown) => {
        // The instant's error belongs under the date.
        if (isApiError(error) && error.errors.measured_at)
          form.setError("date", { message: error.errors.measured_at.join(" ") });
        void setServerErrors(error, form.setError, FIELDS);
      },
    };
    if (editing) edit.mutate({ hashid: editing.hashid, body: toFields(values) }, callbacks);
    else create.mutate(toBody(values), callbacks);
  });
  const serverMessage =
    add.error && (!isApiError(add.error) || Object.keys(add.error.errors).length === 0)
      ? isApiError(add.error)
        ? add.error.message
        : t("errors.unexpected")
      : null;

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {editing
            ? t("healthMeasurements.add.editTitle", { exam: exam.name })
            : t("healthMeasurements.add.title", { exam: exam.name })}
        </ModalHeader>
        <ModalBody>
          <div className="row">
            <TextField
              wrapperClassName="col-12"
              inputMode="decimal"
              label={t("healthMeasurements.add.value", { unit: exam.unit })}
              hint={t("healthMeasurements.add.range", { min: exam.min, max: exam.max, unit: exam.unit })}
              error={errors.value?.message}
              {...form.register("value")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="date"
              label={t("healthMeasurements.add.date")}
              error={errors.date?.message}
              {...form.register("date")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="time"
              label={t("healthMeasurements.add.time")}
              error={errors.time?.message}
              {...form.register("time")}
            />
            <TextField
              wrapperClassName="col-12"
              label={`${t("healthMeasurements.add.notes")} ${t("common.optional")}`}
              error={errors.notes?.message}
              {...form.register("notes")}
            />
            <CheckboxField
              wrapperClassName="col-12 mb-3"
              label={t("healthMeasurements.add.private")}
              error={errors.private?.message}
              {...form.register("private")}
            />
          </div>
          {serverMessage ? <FormMessage kind="error">{serverMessage}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={close} disabled={add.isPending}>
            {t("healthMeasurements.actions.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={add.isPending}>
            {t("healthMeasurements.add.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

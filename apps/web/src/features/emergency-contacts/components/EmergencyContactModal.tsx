import {
  EMERGENCY_MESSAGES,
  EMERGENCY_RELATIONSHIPS,
  type EmergencyRelationship,
  type TEmergencyContact,
  type TEmergencyContactBody,
  ZEmergencyContactBody,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useEffect, useId } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { RadioGroup, SelectField, TextField } from "../../../ui/form.tsx";
import { ResidenceFields } from "../../identity/components/AnagraficaFields.tsx";
import { useSaveEmergencyContact } from "../api/emergency-contacts.ts";

interface Values {
  type: string;
  name: string;
  surname: string;
  relationship: string;
  regione: string;
  provincia: string;
  comune: string;
  cap: string;
  address: string;
  tel_number: string;
}

const empty: Values = {
  type: "0",
  name: "",
  surname: "",
  relationship: "",
  regione: "",
  provincia: "",
  comune: "",
  cap: "",
  address: "",
  tel_number: "",
};

const valuesOf = (c: TEmergencyContact): Values => ({
  type: String(c.type),
  name: c.name,
  surname: c.surname ?? "",
  relationship: c.relationship,
  regione: c.regione,
  provincia: c.provincia,
  comune: c.comune,
  cap: c.cap,
  address: c.address ?? "",
  tel_number: c.tel_number,
});

const toBody = (v: Values) => ({
  ...v,
  type: v.type === "1" ? 1 : 0,
  surname: v.type === "1" ? null : v.surname.trim(),
  address: orNull(v.address),
});

export interface EmergencyContactModalProps {
  isOpen: boolean;
  userHashid: string;
  /** The contact being edited; null for a new one. */
  contact: TEmergencyContact | null;
  onClose: () => void;
}

/** Adds or edits an emergency contact (spec 001 §5): the server's rules, checked here first. */
export function EmergencyContactModal({ isOpen, userHashid, contact, onClose }: EmergencyContactModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const alerts = useAlerts();
  const save = useSaveEmergencyContact(userHashid);
  const form = useAppForm<Values>({
    resolver: schemaResolver<Values>(ZEmergencyContactBody, toBody),
    defaultValues: empty,
  });
  const {
    register,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = form;
  // Each opening starts from the contact as saved: cancel drops the edits.
  useEffect(() => {
    if (isOpen) reset(contact ? valuesOf(contact) : empty);
  }, [isOpen, contact, reset]);
  const type = watch("type");
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { hashid: contact?.hashid, body: toBody(values) as TEmergencyContactBody },
      {
        onSuccess: () => {
          alerts.success(contact ? EMERGENCY_MESSAGES.updated : EMERGENCY_MESSAGES.created);
          onClose();
        },
        onError: (error) => {
          if (setServerErrors(error, form.setError).placed === 0)
            alerts.error(isApiError(error) ? error.message : t("emergencyContacts.saveError"));
        },
      },
    ),
  );

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} size="lg" scrollable trapFocus returnFocusAfterClose>
      <form onSubmit={submit} noValidate>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {contact ? t("emergencyContacts.editTitle") : t("emergencyContacts.newTitle")}
        </ModalHeader>
        <ModalBody>
          <RadioGroup
            legend={t("emergencyContacts.type")}
            name="type"
            value={type}
            onChange={(value) => setValue("type", value, { shouldDirty: true })}
            options={[
              { value: "0", label: t("emergencyContacts.types.0") },
              { value: "1", label: t("emergencyContacts.types.1") },
            ]}
          />
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              label={type === "1" ? t("emergencyContacts.organisation") : t("emergencyContacts.name")}
              error={errors.name?.message}
              required
              {...register("name")}
            />
            {type === "1" ? null : (
              <TextField
                wrapperClassName="col-md-6"
                label={t("emergencyContacts.surname")}
                error={errors.surname?.message}
                required
                {...register("surname")}
              />
            )}
            <SelectField
              wrapperClassName="col-md-6"
              label={t("emergencyContacts.relationship")}
              placeholder={t("emergencyContacts.choose")}
              options={(Object.keys(EMERGENCY_RELATIONSHIPS) as EmergencyRelationship[]).map((value) => ({
                value,
                label: t(`emergencyContacts.relationships.${value}`),
              }))}
              error={errors.relationship?.message}
              required
              {...register("relationship")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={t("emergencyContacts.phone")}
              inputMode="tel"
              autoComplete="off"
              error={errors.tel_number?.message}
              required
              {...register("tel_number")}
            />
          </div>
          <ResidenceFields form={form as unknown as UseFormReturn<FieldValues>} base="" abroad={false} />
        </ModalBody>
        <ModalFooter>
          <Button type="button" color="secondary" outline onClick={close}>
            {t("emergencyContacts.cancel")}
          </Button>
          <Button type="submit" color="primary" disabled={save.isPending}>
            {t("emergencyContacts.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

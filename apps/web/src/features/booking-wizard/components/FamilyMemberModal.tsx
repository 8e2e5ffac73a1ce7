import {
  FAMILY_AGE_BANDS,
  FAMILY_GENDERS,
  FAMILY_MESSAGES,
  FAMILY_RELATIONSHIPS,
  type TFamilyMember,
  type TFamilyMemberBody,
  ZFamilyMemberBody,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useCreateFamilyMember } from "../api/family-members.ts";

interface Values {
  name: string;
  surname: string;
  tax_code: string;
  health_card_number: string;
  age_band: string;
  relationship: string;
  gender: string;
}

const toBody = (v: Values) => ({ ...v, health_card_number: orNull(v.health_card_number) });
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export interface FamilyMemberModalProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (member: TFamilyMember) => void;
}

/** Adds a family member from inside the wizard (spec 001 §3 Family member), validated as the server does. */
export function FamilyMemberModal({ isOpen, onClose, onCreated }: FamilyMemberModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const alerts = useAlerts();
  const create = useCreateFamilyMember();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useAppForm<Values>({
    resolver: schemaResolver<Values>(ZFamilyMemberBody, toBody),
    defaultValues: {
      name: "",
      surname: "",
      tax_code: "",
      health_card_number: "",
      age_band: "",
      relationship: "",
      gender: "",
    },
  });
  const close = () => {
    reset();
    create.reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    create.mutate(toBody(values) as TFamilyMemberBody, {
      onSuccess: (member) => {
        alerts.success(FAMILY_MESSAGES.created);
        reset();
        onCreated(member);
      },
      onError: (error) => {
        if (setServerErrors(error, setError).placed === 0)
          alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    }),
  );

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} size="lg" scrollable trapFocus returnFocusAfterClose>
      <form onSubmit={submit} noValidate>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {t("bookingWizard.family.title")}
        </ModalHeader>
        <ModalBody>
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              label={t("bookingWizard.family.name")}
              error={errors.name?.message}
              required
              {...register("name")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={t("bookingWizard.family.surname")}
              error={errors.surname?.message}
              required
              {...register("surname")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={t("bookingWizard.family.taxCode")}
              error={errors.tax_code?.message}
              required
              autoComplete="off"
              {...register("tax_code")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={`${t("bookingWizard.family.healthCard")} ${t("common.optional")}`}
              error={errors.health_card_number?.message}
              inputMode="numeric"
              {...register("health_card_number")}
            />
            <SelectField
              wrapperClassName="col-md-4"
              label={t("bookingWizard.family.ageBand")}
              options={options(FAMILY_AGE_BANDS)}
              placeholder={t("bookingWizard.family.choose")}
              error={errors.age_band?.message}
              required
              {...register("age_band")}
            />
            <SelectField
              wrapperClassName="col-md-4"
              label={t("bookingWizard.family.relationship")}
              options={options(FAMILY_RELATIONSHIPS)}
              placeholder={t("bookingWizard.family.choose")}
              error={errors.relationship?.message}
              required
              {...register("relationship")}
            />
            <SelectField
              wrapperClassName="col-md-4"
              label={t("bookingWizard.family.gender")}
              options={options(FAMILY_GENDERS)}
              placeholder={t("bookingWizard.family.choose")}
              error={errors.gender?.message}
              required
              {...register("gender")}
            />
          </div>
          {errors.root?.message ? <FormMessage kind="error">{errors.root.message}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={close}>
            {t("bookingWizard.family.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={create.isPending}>
            {t("bookingWizard.family.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

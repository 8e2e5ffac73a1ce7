import { type TPatient, type TPatientRegisterBody, ZPatientRegisterBody } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useRegisterPatient } from "../api/register-patient.ts";

interface RegisterForm {
  name: string;
  surname: string;
  cf: string;
  birthday: string;
  email: string;
  tel_number: string;
  ts_number: string;
}

const FIELDS = ["name", "surname", "cf", "birthday", "email", "tel_number", "ts_number"] as const;
const EMPTY: RegisterForm = { name: "", surname: "", cf: "", birthday: "", email: "", tel_number: "", ts_number: "" };

const toBody = (v: RegisterForm): TPatientRegisterBody => ({
  name: v.name,
  surname: v.surname,
  cf: v.cf,
  birthday: orNull(v.birthday),
  email: orNull(v.email),
  tel_number: v.tel_number.trim(),
  ts_number: orNull(v.ts_number),
});

export interface RegisterPatientModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The new (or linked) patient, with the server's message. */
  onRegistered: (patient: TPatient, message: string) => void;
}

/**
 * The operator registers a patient at the counter (POST companies/paziente/register): tax code,
 * names and mobile number; birth date and gender come from the tax code when left empty. The same
 * schema as the server checks the form; the server's 422 lands under the same fields.
 */
export function RegisterPatientModal({ isOpen, onClose, onRegistered }: RegisterPatientModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const register = useRegisterPatient();
  const form = useAppForm<RegisterForm>({
    defaultValues: EMPTY,
    resolver: schemaResolver(ZPatientRegisterBody, toBody),
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    register.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    register.mutate(toBody(values), {
      onSuccess: (outcome) => {
        form.reset(EMPTY);
        onRegistered(outcome.data, outcome.message);
      },
      onError: (error) => void setServerErrors(error, form.setError, FIELDS),
    }),
  );
  const serverMessage =
    register.error && (!isApiError(register.error) || Object.keys(register.error.errors).length === 0)
      ? isApiError(register.error)
        ? register.error.message
        : t("errors.unexpected")
      : null;

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} centered size="lg" trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {t("patients.register.title")}
        </ModalHeader>
        <ModalBody>
          <p>{t("patients.register.hint")}</p>
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              label={t("patients.fields.name")}
              autoComplete="off"
              error={errors.name?.message}
              {...form.register("name")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={t("patients.fields.surname")}
              autoComplete="off"
              error={errors.surname?.message}
              {...form.register("surname")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={t("patients.fields.cf")}
              autoComplete="off"
              error={errors.cf?.message}
              {...form.register("cf")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="date"
              label={`${t("patients.fields.birthday")} ${t("common.optional")}`}
              hint={t("patients.register.birthdayHint")}
              error={errors.birthday?.message}
              {...form.register("birthday")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="tel"
              inputMode="numeric"
              label={t("patients.fields.tel")}
              hint={t("patients.register.telHint")}
              error={errors.tel_number?.message}
              {...form.register("tel_number")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="email"
              label={`${t("patients.fields.email")} ${t("common.optional")}`}
              error={errors.email?.message}
              {...form.register("email")}
            />
            <TextField
              wrapperClassName="col-md-6"
              inputMode="numeric"
              label={`${t("patients.fields.tsNumber")} ${t("common.optional")}`}
              error={errors.ts_number?.message}
              {...form.register("ts_number")}
            />
          </div>
          {serverMessage ? <FormMessage kind="error">{serverMessage}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={close} disabled={register.isPending}>
            {t("patients.actions.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={register.isPending}>
            {t("patients.register.submit")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

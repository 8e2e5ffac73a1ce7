import { CONSENTS_MESSAGE, PASSWORD_MESSAGES, ZRegisterBody } from "@cura/domain";
import { LIMITS } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BRAND, FEATURES } from "../../../app/brand.ts";
import { flashOnArrival } from "../../../app/flash.ts";
import { landingPathOf } from "../../../app/gate.ts";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { errorAt, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { session } from "../../../lib/session.ts";
import { usePublicFlag } from "../../../lib/settings.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { Stepper } from "../../../ui/Stepper.tsx";
import { meQueryKey } from "../api/me.ts";
import { useRegister } from "../api/register.ts";
import {
  AbroadCheckbox,
  type AnyForm,
  BirthCountrySelect,
  GenderSelect,
  NameRow,
  PhoneFields,
  RegisterFields,
  ResidenceFields,
  useTaxCodeDerivation,
} from "../components/AnagraficaFields.tsx";
import { ConsentCheckboxes, type ConsentKey, requiredConsentsGiven } from "../components/ConsentCheckboxes.tsx";
import { PasswordInput } from "../components/PasswordInput.tsx";
import { PasswordChecklist, PasswordStrength } from "../components/PasswordRules.tsx";
import {
  emptyRegisterForm,
  type RegisterForm,
  type RegisterType,
  STEP_COUNT,
  stepFields,
  stepOfFields,
  toRegisterBody,
} from "./registration.ts";

const STEP_TITLES = [
  "register.steps.identity",
  "register.steps.residence",
  "register.steps.contacts",
  "register.steps.password",
  "register.steps.consents",
] as const;

/**
 * Registration (spec 000 §2.4, §4, §5): step 0 chooses citizen or operator (?type=cittadino skips
 * it), steps 1–5 in a stepper. Next validates only the current step's fields with the shared
 * ZRegisterBody; Complete sends POST users/register, stores the session as the login does, and
 * goes through the post-login gate with 'Registrazione Completata!…'. The server's 422 lands under
 * the fields, on the first step that shows one.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const presetCitizen = params.get("type") === "cittadino";
  const [step, setStep] = useState(presetCitizen ? 1 : 0);
  const [formError, setFormError] = useState<string[] | null>(null);
  // Registered, on the way to the next page: the button keeps saying so until that page shows.
  const [finishing, setFinishing] = useState(false);
  const registerMutation = useRegister();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const form = useAppForm<RegisterForm>({
    defaultValues: emptyRegisterForm(0),
    resolver: schemaResolver<RegisterForm>(ZRegisterBody, toRegisterBody),
  });
  const anyForm = form as unknown as AnyForm;
  const type = form.watch("type");
  const values = form.watch();

  // A new step moves the focus to its heading, so keyboard and screen-reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const chooseType = (chosen: RegisterType) => {
    form.setValue("type", chosen);
    setStep(1);
  };

  const next = async () => {
    const valid = await form.trigger(stepFields(step, type) as Path<RegisterForm>[], { shouldFocus: true });
    if (valid) setStep((s) => Math.min(STEP_COUNT, s + 1));
  };

  const back = () => {
    if (step === 0 || (step === 1 && presetCitizen)) void navigate("/login");
    else setStep((s) => s - 1);
  };

  const complete = form.handleSubmit(
    async (submitted) => {
      setFormError(null);
      try {
        const { token, user } = await registerMutation.mutateAsync(toRegisterBody(submitted));
        // The guard moves a signed-in user off /register at once; the message waits for the gate's page.
        const landing = landingPathOf(user);
        setFinishing(true);
        flashOnArrival(landing, "success", t("register.completed"));
        queryClient.setQueryData(meQueryKey, user);
        session.signIn(token, user);
        void navigate(landing, { replace: true });
      } catch (error) {
        const lines = [t("register.failed")];
        if (isApiError(error) && error.status === 422) {
          const paths = Object.keys(error.errors);
          const firstStep = stepOfFields(paths, submitted.type);
          if (firstStep !== null) setStep(firstStep);
          const allFields = Array.from({ length: STEP_COUNT }, (_, i) => stepFields(i + 1, submitted.type)).flat();
          const { rest } = setServerErrors(error, form.setError, allFields as Path<RegisterForm>[]);
          lines.push(...rest);
          if (paths.length === 0 && error.message) lines.push(error.message);
        } else if (isApiError(error)) {
          lines.push(error.message);
        }
        setFormError(lines);
      }
    },
    () => {
      // The consents are the last step; an error elsewhere (a field changed meanwhile) goes back there.
      const paths = flatPaths(form.formState.errors);
      const firstStep = stepOfFields(paths, type);
      if (firstStep !== null && firstStep !== step) setStep(firstStep);
    },
  );

  if (step === 0) return <TypeChoice onChoose={chooseType} onBack={back} />;

  const consentsGiven = requiredConsentsGiven(values);
  const stepTitle = t(STEP_TITLES[step - 1] ?? "register.steps.identity");

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-10 col-xl-8">
        <h1 className="mb-2">{t("register.title")}</h1>
        <p className="lead mb-4">{type === 1 ? t("register.leadOperator") : t("register.leadCitizen")}</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < STEP_COUNT) void next();
            else if (consentsGiven) void complete(event);
          }}
        >
          <Stepper
            label={t("register.stepsLabel")}
            steps={STEP_TITLES.map((key) => t(key))}
            current={step - 1}
            nav={
              <>
                <button type="button" className="btn btn-outline-primary btn-sm steppers-btn-prev" onClick={back}>
                  {t("register.back")}
                </button>
                {step < STEP_COUNT ? (
                  <button type="submit" className="btn btn-primary btn-sm steppers-btn-next">
                    {t("register.next")}
                  </button>
                ) : (
                  <button
                    type="submit"
                    className="btn btn-primary btn-sm steppers-btn-confirm"
                    disabled={!consentsGiven || registerMutation.isPending || finishing}
                  >
                    {registerMutation.isPending || finishing ? t("register.completing") : t("register.complete")}
                  </button>
                )}
              </>
            }
          >
            <h2 ref={headingRef} tabIndex={-1} className="h4 mb-4 mt-3">
              {stepTitle}
            </h2>
            {step === 1 ? <IdentityStep form={anyForm} type={type} /> : null}
            {step === 2 ? <ResidenceStep form={anyForm} abroad={values.anagrafica.estero} /> : null}
            {step === 3 ? <ContactsStep form={anyForm} type={type} /> : null}
            {step === 4 ? <PasswordStep form={form} /> : null}
            {step === 5 ? (
              <>
                <ConsentCheckboxes
                  values={values}
                  optional={["notification_consense", "marketing_consense"]}
                  disabled={registerMutation.isPending}
                  onChange={(key: ConsentKey, value) => form.setValue(key, value, { shouldDirty: true })}
                />
                {!consentsGiven ? (
                  <p className="small" data-testid="consents-required">
                    {CONSENTS_MESSAGE}
                  </p>
                ) : null}
              </>
            ) : null}
            {formError ? (
              <FormMessage kind="error" testId="register-error">
                {formError.map((line) => (
                  <p key={line} className="mb-1">
                    {line}
                  </p>
                ))}
              </FormMessage>
            ) : null}
          </Stepper>
        </form>
        <p className="mt-4">
          {t("register.haveAccount")} <Link to="/login">{t("register.toLogin")}</Link>
        </p>
      </div>
    </div>
  );
}

/** Every path with an error in react-hook-form's nested error object. */
function flatPaths(errors: FieldValues, prefix = ""): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && "message" in value) paths.push(path);
    else if (value && typeof value === "object") paths.push(...flatPaths(value as FieldValues, path));
  }
  return paths;
}

function TypeChoice({ onChoose, onBack }: { onChoose: (type: RegisterType) => void; onBack: () => void }) {
  const { t } = useTranslation();
  // Closed by the build (VITE_OPERATOR_REGISTRATION=off) or by the back office (the server refuses too).
  const blockedByBackOffice = usePublicFlag("feature.operator_registration_blocked");
  const operatorBlocked = !FEATURES.operatorRegistration || blockedByBackOffice;
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-10 col-xl-8">
        <h1 className="mb-2">{t("register.title")}</h1>
        <p className="lead mb-4">{t("register.chooseType")}</p>
        {operatorBlocked ? (
          <div className="alert alert-info" role="status">
            {t("register.operatorBlocked")}
          </div>
        ) : null}
        <div className="row g-4">
          <div className="col-12 col-md-6">
            <div className="card-wrapper card-space h-100">
              <div className="card card-bg h-100">
                <div className="card-body">
                  <h2 className="card-title h5">{t("register.citizen.title")}</h2>
                  <p>{t("register.citizen.text")}</p>
                  <p>
                    <Link to={BRAND.links.privacy}>{t("register.citizen.privacy")}</Link>
                  </p>
                  <button type="button" className="btn btn-primary" onClick={() => onChoose(0)}>
                    {t("register.citizen.choose")}
                  </button>
                </div>
              </div>
            </div>
          </div>
          <div className="col-12 col-md-6">
            <div className="card-wrapper card-space h-100">
              <div className="card card-bg h-100">
                <div className="card-body">
                  <h2 className="card-title h5">{t("register.operator.title")}</h2>
                  <p>{t("register.operator.text")}</p>
                  <p>
                    <Link to={BRAND.links.privacyOperators}>{t("register.operator.privacy")}</Link>
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={operatorBlocked}
                    onClick={() => onChoose(1)}
                  >
                    {t("register.operator.choose")}
                  </button>
                </div>
              </div>
            </div>
          </div>
        </div>
        <div className="mt-4">
          <button type="button" className="btn btn-outline-primary" onClick={onBack}>
            {t("register.back")}
          </button>
        </div>
      </div>
    </div>
  );
}

function IdentityStep({ form, type }: { form: AnyForm; type: RegisterType }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const birthPlace = useTaxCodeDerivation(form, "anagrafica.");
  const abroad = form.watch("anagrafica.estero") === true;
  const optional = type === 1 ? ` ${t("common.optional")}` : "";
  return (
    <>
      <NameRow form={form} base="anagrafica." />
      <AbroadCheckbox form={form} base="anagrafica." />
      <TextField
        label={`${t("anagrafica.cf")}${type === 1 || abroad ? ` ${t("common.optional")}` : ""}`}
        hint={t("anagrafica.cfHint")}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        error={errorAt(errors, "anagrafica.cf")}
        {...form.register("anagrafica.cf")}
      />
      {birthPlace ? (
        <p className="small" data-testid="birth-place">
          {t("anagrafica.birthPlace")}: <strong>{birthPlace}</strong>
        </p>
      ) : null}
      <div className="row">
        <div className="col-12 col-md-4">
          <GenderSelect form={form} base="anagrafica." />
        </div>
        <TextField
          wrapperClassName="col-12 col-md-4"
          label={`${t("anagrafica.birthday")}${optional}`}
          type="date"
          autoComplete="bday"
          error={errorAt(errors, "anagrafica.birthday")}
          {...form.register("anagrafica.birthday")}
        />
        <div className="col-12 col-md-4">
          <BirthCountrySelect form={form} base="anagrafica." />
        </div>
      </div>
    </>
  );
}

function ResidenceStep({ form, abroad }: { form: AnyForm; abroad: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {abroad ? <p className="small">{t("anagrafica.abroadNote")}</p> : null}
      <ResidenceFields form={form} base="anagrafica." abroad={abroad} />
    </>
  );
}

function ContactsStep({ form, type }: { form: AnyForm; type: RegisterType }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label={t("anagrafica.email")}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errorAt(errors, "email")}
        {...form.register("email")}
      />
      <PhoneFields
        form={form}
        prefixName="anagrafica.prefix"
        numberName="anagrafica.tel_number"
        prefixLabel={t("anagrafica.prefix")}
        label={t("anagrafica.telNumber")}
      />
      {type === 1 ? (
        <>
          <TextField
            label={t("register.companyCode")}
            hint={t("register.companyCodeHint", { length: LIMITS.companyCodeLength })}
            autoCapitalize="none"
            spellCheck={false}
            error={errorAt(errors, "company_code")}
            {...form.register("company_code")}
          />
          <RegisterFields form={form} base="anagrafica." />
        </>
      ) : null}
    </>
  );
}

function PasswordStep({ form }: { form: UseFormReturn<RegisterForm> }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const name = form.watch("anagrafica.name");
  const surname = form.watch("anagrafica.surname");
  const email = form.watch("email");
  const password = form.watch("password");
  const namesMissing = !name.trim() || !surname.trim();
  return (
    <>
      {namesMissing ? <p className="small">{PASSWORD_MESSAGES.namesFirst}</p> : null}
      <PasswordInput
        label={t("password.new")}
        autoComplete="new-password"
        disabled={namesMissing}
        error={errorAt(errors, "password")}
        {...form.register("password")}
      />
      <PasswordChecklist id="register-password-rules" password={password} context={{ name, surname }} />
      <PasswordStrength password={password} userInputs={[name, surname, email, email.split("@")[0] ?? ""]} />
      <PasswordInput
        label={t("password.confirmation")}
        autoComplete="new-password"
        disabled={namesMissing}
        error={errorAt(errors, "password_confirmation")}
        {...form.register("password_confirmation")}
      />
    </>
  );
}

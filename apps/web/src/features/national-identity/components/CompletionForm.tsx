import {
  NATIONAL_IDENTITY_LABELS,
  type NationalIdentityProvider,
  NO_PROJECT,
  nationalRegistrationErrorMessage,
  sanitizePhoneInput,
  type TNationalIdentityData,
  type TRegisterByIdentityBody,
  ZRegisterByIdentityBody,
} from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { BRAND } from "../../../app/brand.ts";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { errorAt, orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { session } from "../../../lib/session.ts";
import { CheckboxField, FormMessage, SelectField, type SelectOption, TextField } from "../../../ui/form.tsx";
import { useComuni } from "../../geo/api/comuni.ts";
import { prefixOptions, usePrefissi } from "../../geo/api/prefissi.ts";
import { useProvince } from "../../geo/api/province.ts";
import { useRegioni } from "../../geo/api/regioni.ts";
import { meQueryKey } from "../../identity/api/me.ts";
import { useRegisterByIdentity } from "../api/register-by-identity.ts";

/** Where a new account goes (spec 000 §2.5: EmailVerification with status invalid). */
export const AFTER_REGISTRATION_PATH = "/email/verify/invalid";

/** The form's own values; the identity's data is added when the body is built. */
export interface CompletionValues {
  email: string;
  anagrafica: {
    regione: string;
    provincia: string;
    comune: string;
    address: string;
    cap: string;
    prefix: string;
    tel_number: string;
  };
  data_consense: boolean;
  share_consense: boolean;
  charge_consense: boolean;
  articles_consense: boolean;
  notification_consense: boolean;
  marketing_consense: boolean;
}

/** Step 1 (spec 000 §5: address, CAP, a valid e-mail and phone) and what the identity brings. */
const STEP_ONE_FIELDS = [
  "anagrafica.regione",
  "anagrafica.provincia",
  "anagrafica.comune",
  "anagrafica.address",
  "anagrafica.cap",
  "email",
  "anagrafica.prefix",
  "anagrafica.tel_number",
] as const satisfies readonly Path<CompletionValues>[];
const IDENTITY_FIELDS = ["anagrafica.name", "anagrafica.surname", "anagrafica.cf", "anagrafica.birthday"];
const CONSENT_FIELDS = [
  "data_consense",
  "share_consense",
  "charge_consense",
  "articles_consense",
  "notification_consense",
  "marketing_consense",
] as const satisfies readonly Path<CompletionValues>[];

/** The registration body (shared schema's shape) from the form and the provider's identity. */
export function completionBody(
  values: CompletionValues,
  identity: TNationalIdentityData,
  token: string,
): TRegisterByIdentityBody {
  return {
    email: values.email.trim(),
    type: 0,
    // The project choice appears only when public active projects exist (spec 000 §5); none yet.
    project: NO_PROJECT,
    token,
    anagrafica: {
      name: identity.name,
      surname: identity.surname,
      cf: identity.cf,
      gender: identity.gender,
      birthday: identity.birthday,
      regione: orNull(values.anagrafica.regione),
      provincia: orNull(values.anagrafica.provincia),
      comune: orNull(values.anagrafica.comune),
      address: orNull(values.anagrafica.address),
      cap: orNull(values.anagrafica.cap),
      prefix: values.anagrafica.prefix || DEFAULT_PHONE_PREFIX,
      tel_number: values.anagrafica.tel_number.trim(),
      estero: false,
    },
    data_consense: values.data_consense,
    share_consense: values.share_consense,
    charge_consense: values.charge_consense,
    articles_consense: values.articles_consense,
    notification_consense: values.notification_consense,
    marketing_consense: values.marketing_consense,
  };
}

/**
 * Registration completion through SPID or CIE (spec 000 §2.5, §4, §5): the provider's identity
 * shown read-only; step 1 residence (region → province → comune), CAP, e-mail and phone; step 2 the
 * consents with the express acceptance of articles 2, 7, 8, 10, 12. Back is allowed; only step 2
 * submits. On success the session is stored as at login and the page goes to e-mail verification.
 */
export function CompletionForm({
  provider,
  identity,
  token,
}: {
  provider: NationalIdentityProvider;
  identity: TNationalIdentityData;
  token: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registration = useRegisterByIdentity(provider);
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { title: useId(), error: useId(), steps: useId() };
  const label = NATIONAL_IDENTITY_LABELS[provider];

  const form = useAppForm<CompletionValues>({
    resolver: schemaResolver<CompletionValues>(ZRegisterByIdentityBody, (values) =>
      completionBody(values, identity, token),
    ),
    defaultValues: {
      email: identity.email ?? "",
      anagrafica: {
        regione: "",
        provincia: "",
        comune: "",
        address: "",
        cap: "",
        prefix: DEFAULT_PHONE_PREFIX,
        tel_number: "",
      },
      data_consense: false,
      share_consense: false,
      charge_consense: false,
      articles_consense: false,
      // Spec 000 §5: notification and marketing default to accepted.
      notification_consense: true,
      marketing_consense: true,
    },
  });
  const errors = form.formState.errors;

  // Once a step has been refused, a field is checked again on every change: its error goes as soon
  // as it is fixed (the form itself is only "submitted" from step 2).
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!checked) return;
    const subscription = form.watch((_values, { name }) => {
      if (name) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [checked, form]);

  const goTo = (next: number) => {
    setStep(next);
    setFormError(null);
    // The new step's content replaces the old: move the reading position to its heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    if (await form.trigger([...STEP_ONE_FIELDS])) goTo(1);
    else setChecked(true);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const result = await registration.mutateAsync(completionBody(values, identity, token));
        session.signIn(result.token, result.user);
        queryClient.setQueryData(meQueryKey, result.user);
        await navigate(AFTER_REGISTRATION_PATH, { replace: true });
      } catch (error) {
        if (!isApiError(error)) {
          setFormError(t("errors.unexpected"));
          return;
        }
        // Spec 000 §8: the message for anagrafica.cf first, else the first error, else the answer's.
        setFormError(nationalRegistrationErrorMessage(error));
        setServerErrors(error, form.setError, [...STEP_ONE_FIELDS, ...CONSENT_FIELDS]);
        const paths: readonly string[] = [...STEP_ONE_FIELDS, ...IDENTITY_FIELDS];
        if (Object.keys(error.errors).some((path) => paths.includes(path))) setStep(0);
      }
    },
    (invalid) => {
      // The whole body is checked at the end: a problem left on step 1 sends the person back there.
      if (STEP_ONE_FIELDS.some((field) => errorAt(invalid, field))) setStep(0);
    },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a step-1 field moves on instead of submitting (spec 000 §4: submit only from step 2).
    if (step === 0) {
      event.preventDefault();
      void next();
      return;
    }
    void submit(event);
  };

  const identityError = IDENTITY_FIELDS.map((field) => errorAt(errors, field)).find(Boolean);
  const steps = [t("nationalIdentity.completion.steps.contacts"), t("nationalIdentity.completion.steps.consents")];

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-8">
        <h1 id={ids.title} className="mb-3">
          {t("nationalIdentity.completion.title")}
        </h1>
        <p className="lead">{t("nationalIdentity.completion.lead", { provider: label })}</p>

        <section className="mb-4" aria-labelledby={`${ids.title}-identity`}>
          <h2 id={`${ids.title}-identity`} className="h4">
            {t("nationalIdentity.completion.identityTitle")}
          </h2>
          <p>{t("nationalIdentity.completion.identityHint", { provider: label })}</p>
          <IdentitySummary identity={identity} />
          {identityError ? <FormMessage kind="error">{identityError}</FormMessage> : null}
        </section>

        <form noValidate onSubmit={onSubmit} aria-labelledby={ids.title}>
          <div className="steppers mb-4">
            <div className="steppers-header">
              <ol
                id={ids.steps}
                aria-label={t("nationalIdentity.completion.stepsLabel")}
                className="list-unstyled d-flex mb-0 w-100"
              >
                {steps.map((name, index) => (
                  <li
                    key={name}
                    className={`${index < step ? "confirmed" : index === step ? "active" : ""}${index === steps.length - 1 ? " no-line" : ""}`}
                    aria-current={index === step ? "step" : undefined}
                  >
                    {name}
                  </li>
                ))}
              </ol>
              <span className="steppers-index">
                {t("nationalIdentity.completion.stepOf", { current: step + 1, total: steps.length })}
              </span>
            </div>
          </div>

          <h2 ref={headingRef} tabIndex={-1} className="h4 mb-4">
            {steps[step]}
          </h2>

          {step === 0 ? <StepOne form={form} /> : <StepTwo form={form} />}

          {formError ? (
            <FormMessage kind="error" id={ids.error} testId="national-identity-error">
              {formError}
            </FormMessage>
          ) : null}

          <div className="d-flex flex-wrap gap-2 justify-content-between mt-4">
            {step === 0 ? (
              <Link to="/login" className="btn btn-outline-primary">
                {t("nationalIdentity.completion.cancel")}
              </Link>
            ) : (
              <button type="button" className="btn btn-outline-primary" onClick={() => goTo(0)}>
                {t("nationalIdentity.completion.back")}
              </button>
            )}
            {step === 0 ? (
              <button type="button" className="btn btn-primary" onClick={() => void next()}>
                {t("nationalIdentity.completion.next")}
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting
                  ? t("nationalIdentity.completion.submitting")
                  : t("nationalIdentity.completion.submit")}
              </button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}

/** Name, surname, tax code, gender and birthday as the provider gave them: shown, not editable. */
function IdentitySummary({ identity }: { identity: TNationalIdentityData }) {
  const { t } = useTranslation();
  const birthday = identity.birthday ? identity.birthday.split("-").reverse().join("/") : "—";
  const rows: [string, string][] = [
    [t("nationalIdentity.fields.name"), identity.name],
    [t("nationalIdentity.fields.surname"), identity.surname],
    [t("nationalIdentity.fields.cf"), identity.cf],
    [t("nationalIdentity.fields.gender"), identity.gender ? t(`nationalIdentity.genders.${identity.gender}`) : "—"],
    [t("nationalIdentity.fields.birthday"), birthday],
  ];
  return (
    <dl className="row cura-nid-readonly" data-testid="national-identity-data">
      {rows.map(([term, value]) => (
        <div key={term} className="col-12 col-sm-6 col-md-4">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Form = UseFormReturn<CompletionValues>;

function StepOne({ form }: { form: Form }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const phone = form.register("anagrafica.tel_number");
  const prefissi = usePrefissi();
  return (
    <>
      <ResidenceFields form={form} />
      <TextField
        label={t("nationalIdentity.fields.email")}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errorAt(errors, "email")}
        {...form.register("email")}
      />
      <div className="row">
        <SelectField
          wrapperClassName="col-12 col-md-4"
          label={t("nationalIdentity.fields.prefix")}
          options={prefixOptions(prefissi.data)}
          error={errorAt(errors, "anagrafica.prefix")}
          {...form.register("anagrafica.prefix")}
        />
        <TextField
          wrapperClassName="col-12 col-md-8"
          label={t("nationalIdentity.fields.telNumber")}
          hint={t("nationalIdentity.fields.telNumberHint")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errorAt(errors, "anagrafica.tel_number")}
          {...phone}
          onChange={(event) => {
            event.target.value = sanitizePhoneInput(event.target.value);
            void phone.onChange(event);
          }}
        />
      </div>
    </>
  );
}

/** Region → province → comune, each list from the geography API; choosing a comune fills its CAP. */
function ResidenceFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const capListId = useId();
  const errors = form.formState.errors;
  const regione = form.watch("anagrafica.regione");
  const provincia = form.watch("anagrafica.provincia");
  const comune = form.watch("anagrafica.comune");
  const regioni = useRegioni();
  const province = useProvince(regione);
  const comuni = useComuni(provincia);
  const caps = comuni.data?.find((c) => c.comune === comune)?.cap ?? [];

  const cascading = (
    name: "anagrafica.regione" | "anagrafica.provincia" | "anagrafica.comune",
    reset: ("anagrafica.provincia" | "anagrafica.comune" | "anagrafica.cap")[],
  ) => {
    const registered = form.register(name);
    return {
      ...registered,
      onChange: async (event: ChangeEvent<HTMLSelectElement>) => {
        await registered.onChange(event);
        for (const field of reset) form.setValue(field, "", { shouldDirty: true });
        if (name === "anagrafica.comune") {
          const chosen = comuni.data?.find((c) => c.comune === event.target.value);
          form.setValue("anagrafica.cap", chosen?.cap[0] ?? "", { shouldDirty: true });
        }
      },
    };
  };
  const choose = t("nationalIdentity.fields.choose");
  const options = (list: SelectOption[], current: string) =>
    current && !list.some((o) => o.value === current) ? [{ value: current, label: current }, ...list] : list;

  return (
    <div className="row">
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("nationalIdentity.fields.regione")}
        placeholder={regioni.isLoading ? t("nationalIdentity.fields.loading") : choose}
        options={(regioni.data ?? []).map((r) => ({ value: r.regione, label: r.regione }))}
        error={errorAt(errors, "anagrafica.regione")}
        {...cascading("anagrafica.regione", ["anagrafica.provincia", "anagrafica.comune", "anagrafica.cap"])}
      />
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("nationalIdentity.fields.provincia")}
        placeholder={regione ? choose : t("nationalIdentity.fields.chooseRegionFirst")}
        disabled={!regione}
        options={options(
          (province.data ?? []).map((p) => ({ value: p.sigla, label: `${p.provincia} (${p.sigla})` })),
          provincia,
        )}
        error={errorAt(errors, "anagrafica.provincia")}
        {...cascading("anagrafica.provincia", ["anagrafica.comune", "anagrafica.cap"])}
      />
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("nationalIdentity.fields.comune")}
        placeholder={provincia ? choose : t("nationalIdentity.fields.chooseProvinceFirst")}
        disabled={!provincia}
        options={options(
          (comuni.data ?? []).filter((c) => !c.soppresso).map((c) => ({ value: c.comune, label: c.comune })),
          comune,
        )}
        error={errorAt(errors, "anagrafica.comune")}
        {...cascading("anagrafica.comune", [])}
      />
      <TextField
        wrapperClassName="col-12 col-md-8"
        label={t("nationalIdentity.fields.address")}
        autoComplete="street-address"
        error={errorAt(errors, "anagrafica.address")}
        {...form.register("anagrafica.address")}
      />
      <TextField
        wrapperClassName="col-12 col-md-4"
        label={t("nationalIdentity.fields.cap")}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        list={caps.length > 1 ? capListId : undefined}
        hint={caps.length > 1 ? t("nationalIdentity.fields.capMany") : undefined}
        error={errorAt(errors, "anagrafica.cap")}
        {...form.register("anagrafica.cap")}
      />
      {caps.length > 1 ? (
        <datalist id={capListId}>
          {caps.map((cap) => (
            <option key={cap} value={cap} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

function StepTwo({ form }: { form: Form }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const required = ["charge_consense", "data_consense", "share_consense", "articles_consense"] as const;
  const optional = ["notification_consense", "marketing_consense"] as const;
  return (
    <>
      <p>
        {t("nationalIdentity.consents.readFirst")}{" "}
        <Link to={BRAND.links.terms}>{t("nationalIdentity.consents.terms")}</Link> ·{" "}
        <Link to={BRAND.links.privacy}>{t("nationalIdentity.consents.privacy")}</Link>
      </p>
      <fieldset className="mb-4">
        <legend className="h6 fw-semibold">{t("nationalIdentity.consents.requiredLegend")}</legend>
        {required.map((key) => (
          <CheckboxField
            key={key}
            wrapperClassName="mb-3"
            label={t(`nationalIdentity.consents.labels.${key}`)}
            {...form.register(key)}
          />
        ))}
        {errorAt(errors, "data_consense") ? (
          <FormMessage kind="error">{errorAt(errors, "data_consense")}</FormMessage>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="h6 fw-semibold">{t("nationalIdentity.consents.optionalLegend")}</legend>
        {optional.map((key) => (
          <CheckboxField
            key={key}
            wrapperClassName="mb-3"
            label={t(`nationalIdentity.consents.labels.${key}`)}
            {...form.register(key)}
          />
        ))}
      </fieldset>
    </>
  );
}

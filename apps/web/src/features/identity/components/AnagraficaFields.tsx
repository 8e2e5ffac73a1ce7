import { decodeTaxCode, REGISTER_KINDS, sanitizePhoneInput, TITLES } from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorAt } from "../../../lib/forms.ts";
import { CheckboxField, SelectField, type SelectOption, TextField } from "../../../ui/form.tsx";
import { comuneByCatastaleQueryOptions } from "../../geo/api/comune-by-catastale.ts";
import { useComuni } from "../../geo/api/comuni.ts";
import { usePaesi } from "../../geo/api/paesi.ts";
import { prefixOptions, usePrefissi } from "../../geo/api/prefissi.ts";
import { useProvince } from "../../geo/api/province.ts";
import { useRegioni } from "../../geo/api/regioni.ts";

/**
 * Field groups of the personal record, shared by the registration wizard and the profile. They
 * work on any react-hook-form form whose record fields live under `base` ("anagrafica." in the
 * registration body, "" in the profile's record form).
 */
export type AnyForm = UseFormReturn<FieldValues>;

export const ITALY = "Italia";

/** The text value of a form field (react-hook-form paths are strings here). */
function useText(form: AnyForm, name: string): string {
  const value = form.watch(name) as unknown;
  return typeof value === "string" ? value : "";
}

/** Title select (Sig., Sig.ra, Dott., Dott.ssa). */
export function TitleSelect({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("anagrafica.title")}
      placeholder={t("anagrafica.none")}
      options={TITLES.map((title) => ({ value: title, label: title }))}
      error={errorAt(form.formState.errors, `${base}title`)}
      {...form.register(`${base}title`)}
    />
  );
}

/** Title, name and surname: the first row of every personal-data form (registration, profile). */
export function NameRow({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <div className="row">
      <div className="col-12 col-md-4">
        <TitleSelect form={form} base={base} />
      </div>
      <TextField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.name")}
        autoComplete="given-name"
        error={errorAt(errors, `${base}name`)}
        {...form.register(`${base}name`)}
      />
      <TextField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.surname")}
        autoComplete="family-name"
        error={errorAt(errors, `${base}surname`)}
        {...form.register(`${base}surname`)}
      />
    </div>
  );
}

export function GenderSelect({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("anagrafica.gender")}
      placeholder={t("anagrafica.choose")}
      options={[
        { value: "maschile", label: t("anagrafica.genders.maschile") },
        { value: "femminile", label: t("anagrafica.genders.femminile") },
      ]}
      error={errorAt(form.formState.errors, `${base}gender`)}
      {...form.register(`${base}gender`)}
    />
  );
}

/** The country of birth: the countries of utilities/paesi, Italia first. */
export function BirthCountrySelect({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  const paesi = usePaesi();
  const current = useText(form, `${base}nazione_nascita`);
  const names = (paesi.data ?? []).map((p) => p.nazione);
  const options: SelectOption[] = [ITALY, ...names.filter((n) => n !== ITALY)].map((n) => ({ value: n, label: n }));
  // A stored value in another case (the schema's default is "italia") still selects its country.
  const match = options.find((o) => o.value.toLowerCase() === current.toLowerCase());
  if (current && !match) options.push({ value: current, label: current });
  useEffect(() => {
    if (match && match.value !== current) form.setValue(`${base}nazione_nascita`, match.value);
  }, [match, current, form, base]);
  return (
    <SelectField
      label={t("anagrafica.birthCountry")}
      options={options}
      error={errorAt(form.formState.errors, `${base}nazione_nascita`)}
      {...form.register(`${base}nazione_nascita`)}
    />
  );
}

/**
 * Fills gender, birthday and country of birth from a valid tax code (spec 000 §5), and answers the
 * birth place it names: a comune looked up by its cadastral code, or a country for a Z code.
 */
export function useTaxCodeDerivation(form: AnyForm, base: string): string | null {
  const queryClient = useQueryClient();
  const paesi = usePaesi();
  const cf = useText(form, `${base}cf`);
  const [place, setPlace] = useState<string | null>(null);
  const lastApplied = useRef<string | null>(null);

  useEffect(() => {
    const decoded = decodeTaxCode(cf);
    if (!decoded) {
      setPlace(null);
      lastApplied.current = null;
      return;
    }
    const code = cf.trim().toUpperCase();
    if (lastApplied.current === code) return;
    lastApplied.current = code;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`${base}gender`, decoded.gender, options);
    form.setValue(`${base}birthday`, decoded.birthday, options);
    let cancelled = false;
    if (decoded.bornAbroad) {
      const country = paesi.data?.find((p) => p.codice === decoded.placeCode);
      if (country) {
        form.setValue(`${base}nazione_nascita`, country.nazione, options);
        setPlace(country.nazione);
      } else setPlace(null);
    } else {
      queryClient
        .fetchQuery(comuneByCatastaleQueryOptions(decoded.placeCode))
        .then((comune) => {
          if (cancelled) return;
          form.setValue(`${base}nazione_nascita`, ITALY, options);
          setPlace(`${comune.comune} (${comune.sigla})`);
        })
        .catch(() => {
          if (!cancelled) setPlace(null);
        });
    }
    return () => {
      cancelled = true;
    };
  }, [cf, base, form, paesi.data, queryClient]);
  return place;
}

/** The residence: region → province → comune selects with the CAP pre-filled, or free text abroad. */
export function ResidenceFields({ form, base, abroad }: { form: AnyForm; base: string; abroad: boolean }) {
  const { t } = useTranslation();
  const capListId = useId();
  const errors = form.formState.errors;
  const regione = useText(form, `${base}regione`);
  const provincia = useText(form, `${base}provincia`);
  const comune = useText(form, `${base}comune`);
  const regioni = useRegioni();
  const province = useProvince(abroad ? "" : regione);
  const comuni = useComuni(abroad ? "" : provincia);
  const selected = comuni.data?.find((c) => c.comune === comune);
  const caps = selected?.cap ?? [];

  const change = (name: string, reset: string[]) => {
    const registered = form.register(`${base}${name}`);
    return {
      ...registered,
      onChange: async (event: ChangeEvent<HTMLSelectElement>) => {
        await registered.onChange(event);
        for (const field of reset) form.setValue(`${base}${field}`, "", { shouldDirty: true });
        if (name === "comune") {
          const chosen = comuni.data?.find((c) => c.comune === event.target.value);
          form.setValue(`${base}cap`, chosen?.cap[0] ?? "", { shouldDirty: true });
        }
      },
    };
  };

  if (abroad) {
    return (
      <div className="row">
        <TextField
          wrapperClassName="col-12 col-md-6"
          label={t("anagrafica.provinciaAbroad")}
          error={errorAt(errors, `${base}provincia`)}
          {...form.register(`${base}provincia`)}
        />
        <TextField
          wrapperClassName="col-12 col-md-6"
          label={t("anagrafica.comuneAbroad")}
          autoComplete="address-level2"
          error={errorAt(errors, `${base}comune`)}
          {...form.register(`${base}comune`)}
        />
        <TextField
          wrapperClassName="col-12 col-md-8"
          label={t("anagrafica.address")}
          autoComplete="street-address"
          error={errorAt(errors, `${base}address`)}
          {...form.register(`${base}address`)}
        />
        <TextField
          wrapperClassName="col-12 col-md-4"
          label={t("anagrafica.cap")}
          autoComplete="postal-code"
          error={errorAt(errors, `${base}cap`)}
          {...form.register(`${base}cap`)}
        />
      </div>
    );
  }
  return (
    <div className="row">
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.regione")}
        placeholder={regioni.isLoading ? t("common.loading") : t("anagrafica.choose")}
        options={(regioni.data ?? []).map((r) => ({ value: r.regione, label: r.regione }))}
        error={errorAt(errors, `${base}regione`)}
        {...change("regione", ["provincia", "comune", "cap"])}
      />
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.provincia")}
        placeholder={regione ? t("anagrafica.choose") : t("anagrafica.chooseRegionFirst")}
        disabled={!regione}
        options={withCurrent(
          (province.data ?? []).map((p) => ({ value: p.sigla, label: `${p.provincia} (${p.sigla})` })),
          provincia,
        )}
        error={errorAt(errors, `${base}provincia`)}
        {...change("provincia", ["comune", "cap"])}
      />
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.comune")}
        placeholder={provincia ? t("anagrafica.choose") : t("anagrafica.chooseProvinceFirst")}
        disabled={!provincia}
        options={withCurrent(
          (comuni.data ?? []).filter((c) => !c.soppresso).map((c) => ({ value: c.comune, label: c.comune })),
          comune,
        )}
        error={errorAt(errors, `${base}comune`)}
        {...change("comune", [])}
      />
      <TextField
        wrapperClassName="col-12 col-md-8"
        label={t("anagrafica.address")}
        autoComplete="street-address"
        error={errorAt(errors, `${base}address`)}
        {...form.register(`${base}address`)}
      />
      <TextField
        wrapperClassName="col-12 col-md-4"
        label={t("anagrafica.cap")}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        list={caps.length > 1 ? capListId : undefined}
        hint={caps.length > 1 ? t("anagrafica.capMany") : undefined}
        error={errorAt(errors, `${base}cap`)}
        {...form.register(`${base}cap`)}
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

/** A stored value missing from a list still loading (or renamed since) stays selectable. */
function withCurrent(options: SelectOption[], current: string): SelectOption[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [{ value: current, label: current }, ...options];
}

/** A prefix select and a number input kept to digits (at most 15) while typing. */
export function PhoneFields({
  form,
  prefixName,
  numberName,
  label,
  prefixLabel,
  autoComplete = "tel-national",
}: {
  form: AnyForm;
  prefixName: string;
  numberName: string;
  label: string;
  prefixLabel: string;
  autoComplete?: string;
}) {
  const prefissi = usePrefissi();
  const registered = form.register(numberName);
  const prefix = useText(form, prefixName);
  useEffect(() => {
    if (!prefix) form.setValue(prefixName, DEFAULT_PHONE_PREFIX);
  }, [prefix, prefixName, form]);
  return (
    <div className="row">
      <SelectField
        wrapperClassName="col-12 col-md-4"
        label={prefixLabel}
        options={prefixOptions(prefissi.data)}
        error={errorAt(form.formState.errors, prefixName)}
        {...form.register(prefixName)}
      />
      <TextField
        wrapperClassName="col-12 col-md-8"
        label={label}
        type="tel"
        inputMode="numeric"
        autoComplete={autoComplete}
        error={errorAt(form.formState.errors, numberName)}
        {...registered}
        onChange={(event) => {
          event.target.value = sanitizePhoneInput(event.target.value);
          void registered.onChange(event);
        }}
      />
    </div>
  );
}

/** The abroad flag: residence outside Italy (no tax code needed, free CAP, no region). */
export function AbroadCheckbox({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  return <CheckboxField wrapperClassName="mb-4" label={t("anagrafica.estero")} {...form.register(`${base}estero`)} />;
}

/** Professional register of operators: kind (Medici…), id (province code first), specialisation. */
export function RegisterFields({ form, base }: { form: AnyForm; base: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <div className="row">
      <SelectField
        wrapperClassName="col-12 col-md-6"
        label={t("anagrafica.tipoAlbo")}
        placeholder={t("anagrafica.choose")}
        options={REGISTER_KINDS.map((kind) => ({ value: kind, label: kind }))}
        error={errorAt(errors, `${base}tipo_albo`)}
        {...form.register(`${base}tipo_albo`)}
      />
      <TextField
        wrapperClassName="col-12 col-md-6"
        label={t("anagrafica.idAlbo")}
        hint={t("anagrafica.idAlboHint")}
        autoCapitalize="characters"
        error={errorAt(errors, `${base}id_albo`)}
        {...form.register(`${base}id_albo`)}
      />
      <TextField
        wrapperClassName="col-12"
        label={t("anagrafica.specializzazione")}
        error={errorAt(errors, `${base}specializzazione`)}
        {...form.register(`${base}specializzazione`)}
      />
    </div>
  );
}

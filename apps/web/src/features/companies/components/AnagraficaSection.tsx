import {
  COMPANY_MESSAGES,
  COMPANY_SUBTYPES,
  type TCompanyAnagraficaBody,
  type TCompanyDetail,
  ZCompanyAnagraficaBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import type { Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useUpdateCompanyAnagrafica } from "../api/company-anagrafica.ts";
import { useCompanyDetail } from "../api/company-detail.ts";
import { CompanyPicture } from "./CompanyPicture.tsx";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";

interface ProfileForm {
  name: string;
  subtype: string;
  email: string;
  pec: string;
  phone: string;
  vat_number: string;
  website: string;
  description: string;
  address: string;
  comune: string;
  provincia: string;
  regione: string;
  cap: string;
}

const TEXT_FIELDS: readonly { name: Exclude<keyof ProfileForm, "subtype">; label: TKey; optional?: boolean }[] = [
  { name: "name", label: "companies.anagrafica.name" },
  { name: "address", label: "companies.anagrafica.address" },
  { name: "comune", label: "companies.anagrafica.comune" },
  { name: "provincia", label: "companies.anagrafica.provincia" },
  { name: "regione", label: "companies.anagrafica.regione" },
  { name: "cap", label: "companies.anagrafica.cap" },
  { name: "email", label: "companies.anagrafica.email", optional: true },
  { name: "pec", label: "companies.anagrafica.pec", optional: true },
  { name: "phone", label: "companies.anagrafica.phone", optional: true },
  { name: "vat_number", label: "companies.anagrafica.vat", optional: true },
  { name: "website", label: "companies.anagrafica.website", optional: true },
  { name: "description", label: "companies.anagrafica.description", optional: true },
];

function toBody(v: ProfileForm, company: TCompanyDetail): TCompanyAnagraficaBody {
  return {
    name: v.name.trim(),
    ...(v.subtype ? { subtype: v.subtype as TCompanyAnagraficaBody["subtype"] } : {}),
    email: orNull(v.email),
    pec: orNull(v.pec),
    phone: orNull(v.phone),
    vat_number: orNull(v.vat_number),
    website: orNull(v.website),
    description: orNull(v.description),
    address: v.address.trim(),
    comune: v.comune.trim(),
    provincia: v.provincia.trim(),
    regione: v.regione.trim(),
    cap: v.cap.trim(),
    latitude: company.latitude,
    longitude: company.longitude,
  };
}

function valuesOf(c: TCompanyDetail): ProfileForm {
  return {
    name: c.name,
    subtype: c.subtype ?? "",
    email: c.email ?? "",
    pec: c.pec ?? "",
    phone: c.phone ?? "",
    vat_number: c.vat_number ?? "",
    website: c.website ?? "",
    description: c.description ?? "",
    address: c.address ?? "",
    comune: c.comune ?? "",
    provincia: c.provincia ?? "",
    regione: c.regione ?? "",
    cap: c.cap ?? "",
  };
}

/** The company's profile (anagrafica): PUT companies/own/anagrafica with the whole record. */
export function AnagraficaSection({ company }: { company: string }) {
  const detail = useCompanyDetail(company);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <FormMessage kind="error">{detail.error.message}</FormMessage>;
  return <AnagraficaForm company={detail.data} />;
}

function AnagraficaForm({ company }: { company: TCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const update = useUpdateCompanyAnagrafica();
  const [rest, setRest] = useState<string[]>([]);
  const form = useAppForm<ProfileForm>({
    defaultValues: valuesOf(company),
    resolver: schemaResolver(ZCompanyAnagraficaBody, (v) => toBody(v, company)),
  });
  const { errors } = form.formState;
  const subtypes = COMPANY_SUBTYPES.filter((s) => s.type === company.type);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(toBody(values, company), {
      onSuccess: () => {
        setRest([]);
        alerts.success(COMPANY_MESSAGES.dataUpdated);
      },
      onError: (error) => {
        const fields = [...TEXT_FIELDS.map((f) => f.name), "subtype"] as Path<ProfileForm>[];
        const result = setServerErrors(error, form.setError, fields);
        setRest(result.placed === 0 && result.rest.length === 0 ? [messageOf(error)] : result.rest);
      },
    }),
  );

  return (
    <section aria-labelledby="anagrafica-title">
      <h2 id="anagrafica-title" className="h3">
        {t("companies.anagrafica.title")}
      </h2>
      {company.code ? (
        <p>
          {t("companies.anagrafica.code")}: <strong data-testid="company-code">{company.code}</strong>
        </p>
      ) : null}
      <CompanyPicture company={company} />
      <form onSubmit={onSubmit} noValidate>
        <div className="row">
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f.name}
              wrapperClassName="col-md-6"
              label={f.optional ? `${t(f.label)} ${t("common.optional")}` : t(f.label)}
              error={errors[f.name]?.message}
              {...form.register(f.name)}
            />
          ))}
          {subtypes.length > 0 ? (
            <SelectField
              wrapperClassName="col-md-6"
              label={t("companies.anagrafica.subtype")}
              options={subtypes.map((s) => ({ value: s.code, label: s.label }))}
              error={errors.subtype?.message}
              {...form.register("subtype")}
            />
          ) : null}
        </div>
        {rest.map((message) => (
          <FormMessage key={message} kind="error">
            {message}
          </FormMessage>
        ))}
        <Button type="submit" color="primary" disabled={update.isPending}>
          {t("companies.actions.save")}
        </Button>
      </form>
    </section>
  );
}

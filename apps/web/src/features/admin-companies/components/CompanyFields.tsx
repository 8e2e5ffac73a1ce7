import { COMPANY_SUBTYPES, COMPANY_TYPES, type TAdminCompanyDetail } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../ui/form.tsx";

/** The company's own fields, as the register and the update forms send them. */
const TEXT_FIELDS = [
  "name",
  "email",
  "pec",
  "phone",
  "vat_number",
  "website",
  "address",
  "comune",
  "provincia",
  "regione",
  "cap",
  "asl",
  "description",
] as const;

/** The form's values in the body's shape: empty optional texts as null, the level as a number. */
export function readCompanyForm(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const text = (key: string) => String(data.get(key) ?? "").trim();
  const body: Record<string, unknown> = {
    type: text("type"),
    subtype: text("subtype"),
    level: Number(text("level")),
  };
  for (const key of TEXT_FIELDS) {
    const value = text(key);
    body[key] =
      value === "" && !["name", "address", "comune", "provincia", "regione", "cap"].includes(key) ? null : value;
  }
  return body;
}

export function CompanyFields({
  errors,
  company,
}: {
  errors: Map<string, string>;
  company?: TAdminCompanyDetail | undefined;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState(company?.type ?? "farmacia");
  const subtypes = COMPANY_SUBTYPES.filter((s) => s.type === type);
  const text = (name: (typeof TEXT_FIELDS)[number], extra: { wrapperClassName?: string; type?: string } = {}) => (
    <TextField
      key={name}
      wrapperClassName={extra.wrapperClassName ?? "col-md-6"}
      type={extra.type ?? "text"}
      name={name}
      label={t(`adminCompanies.fields.${name}`)}
      defaultValue={(company?.[name] as string | null | undefined) ?? ""}
      error={errors.get(name)}
    />
  );
  return (
    <div className="row">
      {text("name", { wrapperClassName: "col-12" })}
      <SelectField
        wrapperClassName="col-md-4"
        name="type"
        label={t("adminCompanies.fields.type")}
        value={type}
        onChange={(e) => setType(e.target.value as typeof type)}
        options={Object.entries(COMPANY_TYPES).map(([value, label]) => ({ value, label }))}
        error={errors.get("type")}
      />
      <SelectField
        key={type}
        wrapperClassName="col-md-4"
        name="subtype"
        label={t("adminCompanies.fields.subtype")}
        defaultValue={company?.type === type ? (company?.subtype ?? undefined) : subtypes[0]?.code}
        options={subtypes.map((s) => ({ value: s.code, label: s.label }))}
        error={errors.get("subtype")}
      />
      <SelectField
        wrapperClassName="col-md-4"
        name="level"
        label={t("adminCompanies.fields.level")}
        defaultValue={String(company?.level ?? 1)}
        options={([1, 2, 3, 4, 5] as const).map((l) => ({ value: String(l), label: t(`adminCompanies.levels.${l}`) }))}
        error={errors.get("level")}
      />
      {text("email", { type: "email" })}
      {text("pec", { type: "email" })}
      {text("phone", { type: "tel" })}
      {text("vat_number")}
      {text("website", { type: "url" })}
      {text("asl")}
      {text("address", { wrapperClassName: "col-12" })}
      {text("comune", { wrapperClassName: "col-md-4" })}
      {text("provincia", { wrapperClassName: "col-md-2" })}
      {text("regione", { wrapperClassName: "col-md-4" })}
      {text("cap", { wrapperClassName: "col-md-2" })}
      {text("description", { wrapperClassName: "col-12" })}
    </div>
  );
}

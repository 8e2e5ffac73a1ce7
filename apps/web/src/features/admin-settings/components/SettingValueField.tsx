import type { SettingType, SettingValue } from "@cura/domain";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../ui/form.tsx";

/** The form's text of a value: booleans as "true"/"false", numbers as digits. */
export const valueText = (value: SettingValue) => String(value);

/** The value to send for a type, from the control's text (the server checks it again). */
export function parseValueText(type: SettingType, text: string): SettingValue {
  if (type === "boolean") return text === "true";
  if (type === "integer") return text.trim() === "" ? Number.NaN : Number(text);
  return text;
}

/** The control for a setting's value: yes/no, a number, a line or a paragraph of text. */
export function SettingValueField({
  type,
  value,
  onChange,
  label,
  error,
  wrapperClassName,
}: {
  type: SettingType;
  value: string;
  onChange: (text: string) => void;
  label: ReactNode;
  error?: string | undefined;
  wrapperClassName?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (type === "boolean") {
    return (
      <SelectField
        wrapperClassName={wrapperClassName}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={[
          { value: "true", label: t("adminSettings.yes") },
          { value: "false", label: t("adminSettings.no") },
        ]}
        error={error}
      />
    );
  }
  if (type === "text") {
    return (
      <div className={`form-group${wrapperClassName ? ` ${wrapperClassName}` : ""}`}>
        <label htmlFor={id} className="active">
          {label}
        </label>
        <textarea
          id={id}
          className={`form-control${error ? " is-invalid" : ""}`}
          rows={3}
          maxLength={5000}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      wrapperClassName={wrapperClassName}
      label={label}
      type={type === "integer" ? "number" : type === "email" ? "email" : type === "phone" ? "tel" : "text"}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

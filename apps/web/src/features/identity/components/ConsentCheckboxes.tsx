import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BRAND } from "../../../app/brand.ts";
import { CheckboxField } from "../../../ui/form.tsx";

export type ConsentKey =
  | "charge_consense"
  | "data_consense"
  | "share_consense"
  | "notification_consense"
  | "marketing_consense";

/** The three consents without which the service cannot be used (spec 000 §5). */
export const REQUIRED_CONSENTS = ["charge_consense", "data_consense", "share_consense"] as const;

export type ConsentValues = Partial<Record<ConsentKey, boolean>>;

export function requiredConsentsGiven(values: ConsentValues): boolean {
  return REQUIRED_CONSENTS.every((key) => values[key] === true);
}

/**
 * The consent checkboxes, with the terms and privacy links: the required ones first, then the
 * optional ones asked for (notification at registration, marketing everywhere).
 */
export function ConsentCheckboxes({
  values,
  onChange,
  optional,
  disabled,
}: {
  values: ConsentValues;
  onChange: (key: ConsentKey, value: boolean) => void;
  optional: readonly ConsentKey[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const keys: ConsentKey[] = [...REQUIRED_CONSENTS, ...optional];
  return (
    <div>
      <p>
        {t("consents.readFirst")} <Link to={BRAND.links.terms}>{t("footer.terms")}</Link> ·{" "}
        <Link to={BRAND.links.privacy}>{t("footer.privacy")}</Link>
      </p>
      {keys.map((key) => (
        <CheckboxField
          key={key}
          wrapperClassName="mb-3"
          name={key}
          label={t(`consents.labels.${key}`)}
          checked={values[key] === true}
          disabled={disabled}
          onChange={(event) => onChange(key, event.target.checked)}
        />
      ))}
    </div>
  );
}

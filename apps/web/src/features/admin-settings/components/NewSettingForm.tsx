import { SETTING_TYPES, type SettingType, settingValueSchema, ZCreateSettingBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, SelectField, TextField } from "../../../ui/form.tsx";
import { useCreateSetting } from "../api/settings.ts";
import { parseValueText, SettingValueField } from "./SettingValueField.tsx";

const EMPTY = { key: "", type: "string" as SettingType, value: "", public: false, description: "" };

/**
 * `settingsys/nuovo`: a new typed entry. The key and type are checked with the server's schema, the
 * value with its type's; the server's 422 lands under the field it names, its 409 under the key.
 */
export function NewSettingForm() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const create = useCreateSetting();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const set = <K extends keyof typeof EMPTY>(field: K, value: (typeof EMPTY)[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, value: parseValueText(form.type, form.value) };
    const parsed = ZCreateSettingBody.safeParse(body);
    const next = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
    const value = settingValueSchema(form.type).safeParse(body.value);
    if (!value.success && !next.has("value")) next.set("value", value.error.issues[0]?.message ?? "");
    setErrors(next);
    if (next.size > 0 || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        alerts.success(t("adminSettings.created"));
        setForm(EMPTY);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setErrors(new Map([["key", error.message]]));
        else if (isApiError(error) && Object.keys(error.errors).length > 0)
          setErrors(new Map(Object.entries(error.errors).map(([path, messages]) => [path, messages.join(" ")])));
        else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          label={t("adminSettings.key")}
          hint={t("adminSettings.keyHint")}
          maxLength={80}
          value={form.key}
          onChange={(event) => set("key", event.target.value)}
          error={errors.get("key")}
        />
        <SelectField
          wrapperClassName="col-md-6"
          label={t("adminSettings.type")}
          value={form.type}
          onChange={(event) => setForm((c) => ({ ...c, type: event.target.value as SettingType, value: "" }))}
          options={SETTING_TYPES.map((type) => ({ value: type, label: t(`adminSettings.types.${type}`) }))}
          error={errors.get("type")}
        />
        <SettingValueField
          wrapperClassName="col-12"
          type={form.type}
          value={form.type === "boolean" && form.value === "" ? "false" : form.value}
          onChange={(text) => set("value", text)}
          label={t("adminSettings.value")}
          error={errors.get("value")}
        />
        <TextField
          wrapperClassName="col-12"
          label={t("adminSettings.description")}
          maxLength={300}
          value={form.description}
          onChange={(event) => set("description", event.target.value)}
          error={errors.get("description")}
        />
        <CheckboxField
          wrapperClassName="col-12 mb-3"
          label={t("adminSettings.publicHint")}
          checked={form.public}
          onChange={(event) => set("public", event.target.checked)}
        />
      </div>
      <Button type="submit" color="primary" disabled={create.isPending}>
        {t("adminSettings.create")}
      </Button>
    </form>
  );
}

import { settingValueSchema, type TSetting } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField } from "../../../ui/form.tsx";
import { useRemoveSetting, useUpdateSetting } from "../api/settings.ts";
import { parseValueText, SettingValueField, valueText } from "./SettingValueField.tsx";

/** One setting, edited in place: its value, its visibility; saved alone. */
function SettingRow({ setting, onRemove }: { setting: TSetting; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const update = useUpdateSetting();
  const [value, setValue] = useState(valueText(setting.value));
  const [isPublic, setPublic] = useState(setting.public);
  const [error, setError] = useState<string | undefined>();
  const changed = value !== valueText(setting.value) || isPublic !== setting.public;

  const save = () => {
    const parsed = settingValueSchema(setting.type).safeParse(parseValueText(setting.type, value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { key: setting.key, body: { value: parsed.data, public: isPublic } },
      {
        onSuccess: () => alerts.success(t("adminSettings.saved")),
        onError: (failure) => {
          const message = isApiError(failure) ? (failure.errors.value?.[0] ?? failure.message) : t("errors.unexpected");
          setError(message);
        },
      },
    );
  };

  return (
    <tr data-testid="setting-row">
      <th scope="row">
        <code>{setting.key}</code>
        {setting.builtin ? <span className="badge bg-secondary ms-2">{t("adminSettings.builtin")}</span> : null}
        <div className="small fw-normal">{setting.description}</div>
      </th>
      <td data-label={t("adminSettings.type")}>{t(`adminSettings.types.${setting.type}`)}</td>
      <td data-label={t("adminSettings.value")}>
        <SettingValueField
          type={setting.type}
          value={value}
          onChange={setValue}
          label={
            <>
              {t("adminSettings.value")}
              <span className="visually-hidden"> {setting.key}</span>
            </>
          }
          error={error}
          wrapperClassName="mb-0"
        />
      </td>
      <td data-label={t("adminSettings.public")}>
        <CheckboxField
          label={
            <>
              {t("adminSettings.public")}
              <span className="visually-hidden"> {setting.key}</span>
            </>
          }
          checked={isPublic}
          onChange={(event) => setPublic(event.target.checked)}
        />
      </td>
      <td className="d-flex flex-wrap gap-2">
        <Button
          type="button"
          color="primary"
          size="xs"
          aria-label={`${t("adminSettings.save")} ${setting.key}`}
          disabled={!changed || update.isPending}
          onClick={save}
        >
          {t("adminSettings.save")}
        </Button>
        {setting.builtin ? null : (
          <Button
            type="button"
            color="danger"
            outline
            size="xs"
            aria-label={`${t("adminSettings.remove")} ${setting.key}`}
            onClick={() => onRemove(setting.key)}
          >
            {t("adminSettings.remove")}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Every setting, each row saved on its own; the administrator's own keys can be removed after a confirm. */
export function SettingsTable({ settings }: { settings: TSetting[] }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const remove = useRemoveSetting();
  const [toRemove, setToRemove] = useState<string | null>(null);
  return (
    <>
      <div className="table-responsive">
        <table className="table cura-stack-table">
          <caption className="visually-hidden">{t("adminSettings.listTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminSettings.key")}</th>
              <th scope="col">{t("adminSettings.type")}</th>
              <th scope="col">{t("adminSettings.value")}</th>
              <th scope="col">{t("adminSettings.public")}</th>
              <th scope="col">{t("adminSettings.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {settings.map((setting) => (
              <SettingRow key={`${setting.key}-${setting.updated_at ?? ""}`} setting={setting} onRemove={setToRemove} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmModal
        isOpen={toRemove !== null}
        title={t("adminSettings.removeTitle")}
        confirmLabel={t("adminSettings.remove")}
        cancelLabel={t("adminSettings.cancel")}
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove, {
            onSuccess: () => alerts.success(t("adminSettings.removed")),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            onSettled: () => setToRemove(null),
          });
        }}
      >
        {toRemove ? t("adminSettings.removeBody", { key: toRemove }) : null}
      </ConfirmModal>
    </>
  );
}

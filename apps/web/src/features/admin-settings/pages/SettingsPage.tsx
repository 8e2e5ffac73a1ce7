import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useAdminSettings } from "../api/settings.ts";
import { AslSection } from "../components/AslSection.tsx";
import { NewSettingForm } from "../components/NewSettingForm.tsx";
import { PopupQuestionsSection } from "../components/PopupQuestionsSection.tsx";
import { SettingsTable } from "../components/SettingsTable.tsx";

/**
 * `settingsys/nuovo` (spec 002 §2): the system settings (feature flags, support contacts, brand
 * texts, and the entries administrators add), applied without a restart; and the ASL reference data.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <div>
      <h1 className="mb-3">{t("adminSettings.title")}</h1>
      <p>{t("adminSettings.intro")}</p>
      <section aria-labelledby="settings-new-title" className="mb-5">
        <h2 id="settings-new-title" className="h4">
          {t("adminSettings.newTitle")}
        </h2>
        <NewSettingForm />
      </section>
      <section aria-labelledby="settings-list-title" className="mb-5">
        <h2 id="settings-list-title" className="h4">
          {t("adminSettings.listTitle")}
        </h2>
        {settings.isPending ? (
          <p role="status" className="text-muted">
            {t("common.loading")}
          </p>
        ) : null}
        {settings.isError ? <FormMessage kind="error">{settings.error.message}</FormMessage> : null}
        {settings.data ? <SettingsTable settings={settings.data} /> : null}
      </section>
      <section aria-labelledby="settings-popup-questions-title" className="mb-5">
        <h2 id="settings-popup-questions-title" className="h4">
          {t("adminSettings.popupQuestions.title")}
        </h2>
        <p>{t("adminSettings.popupQuestions.intro")}</p>
        <PopupQuestionsSection />
      </section>
      <section aria-labelledby="settings-asl-title">
        <h2 id="settings-asl-title" className="h4">
          {t("adminSettings.asl.title")}
        </h2>
        <p>{t("adminSettings.asl.intro")}</p>
        <AslSection />
      </section>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage, LANGUAGES } from "../../lib/i18n.ts";

/** IT/EN switch of the header; the choice is kept in local storage (spec 000 §1). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <fieldset className="btn-group cura-language-switch">
      <legend className="visually-hidden">{t("header.language")}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          className="btn btn-sm cura-language-button"
          onClick={() => void changeLanguage(language)}
        >
          <span>{language.toUpperCase()}</span>
          <span className="visually-hidden"> {t(`languages.${language}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}

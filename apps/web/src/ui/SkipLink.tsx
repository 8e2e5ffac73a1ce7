import { useTranslation } from "react-i18next";

/** The first stop of the keyboard: jumps to the page's main content. */
export function SkipLink({ target = "main-content" }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="visually-hidden-focusable cura-skip-link"
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t("common.skipToContent")}
    </a>
  );
}

import { useTranslation } from "react-i18next";

/** The first stop of the keyboard: jumps to the page's main content. */
export function SkipLink({ target = "main-content" }: { target?: string }) {
  const { t } = useTranslation();
  // Bootstrap Italia's skiplinks component: a bar at the top of the page, shown while its link has the focus.
  return (
    <div className="skiplinks">
      <a
        className="visually-hidden-focusable"
        href={`#${target}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(target)?.focus();
        }}
      >
        {t("common.skipToContent")}
      </a>
    </div>
  );
}

import { useTranslation } from "react-i18next";

/** Shown while a page's code or data loads. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cura-page-loader d-flex justify-content-center align-items-center py-5" role="status">
      <div className="progress-spinner progress-spinner-active" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t("common.loading")}</span>
    </div>
  );
}

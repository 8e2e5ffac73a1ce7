import { useTranslation } from "react-i18next";

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-muted">
      {t("common.loading")}
    </p>
  );
}

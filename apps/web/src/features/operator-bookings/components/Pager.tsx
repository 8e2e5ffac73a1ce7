import { useTranslation } from "react-i18next";

/** Previous / next page of a paged list, with where one is. */
export function Pager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("operatorBookings.pager.label")} className="d-flex align-items-center gap-3 my-3">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("operatorBookings.pager.previous")}
      </button>
      <span aria-live="polite">{t("operatorBookings.pager.position", { page, pages })}</span>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("operatorBookings.pager.next")}
      </button>
    </nav>
  );
}

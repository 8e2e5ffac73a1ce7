import { useTranslation } from "react-i18next";

/** Previous / next page of a paged list, with where one is. */
export function Pager({
  page,
  perPage,
  total,
  onPage,
  label,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-3 my-3">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("adminUsers.pager.previous")}
      </button>
      <span aria-live="polite">{t("adminUsers.pager.position", { page, pages, total })}</span>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("adminUsers.pager.next")}
      </button>
    </nav>
  );
}

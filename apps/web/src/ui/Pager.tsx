import { useTranslation } from "react-i18next";

/**
 * Previous / next page of a paged list, with where one is (shown only when there is more than one
 * page): the one pager of the application's lists. `label` names the list for assistive technology;
 * `withTotal` adds how many items there are.
 */
export function Pager({
  page,
  perPage,
  total,
  onPage,
  label,
  withTotal = false,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
  withTotal?: boolean;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t("common.pager.label")} className="d-flex flex-wrap align-items-center gap-3 my-3">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("common.pager.previous")}
      </button>
      <span aria-live="polite">
        {t(withTotal ? "common.pager.positionWithTotal" : "common.pager.position", { page, pages, total })}
      </span>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("common.pager.next")}
      </button>
    </nav>
  );
}

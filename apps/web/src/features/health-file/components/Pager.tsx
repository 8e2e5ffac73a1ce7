import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";

/** Previous / next over a paged list (shown only when there is more than one page). */
export function Pager({
  page,
  total,
  perPage,
  onPage,
}: {
  page: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("healthFile.pagination")} className="d-flex align-items-center gap-3">
      <Button type="button" size="sm" color="primary" outline disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("healthFile.previous")}
      </Button>
      <span>{t("healthFile.pageOf", { page, pages })}</span>
      <Button type="button" size="sm" color="primary" outline disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("healthFile.next")}
      </Button>
    </nav>
  );
}

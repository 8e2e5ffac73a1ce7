import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";

/** Previous and next of a paged list, with "page x of y". */
export function Pager({
  page,
  meta,
  onPage,
}: {
  page: number;
  meta: { total: number; per_page: number } | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center gap-3" aria-label={t("teleconsult.pagination")}>
      <Button color="primary" outline size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("teleconsult.previous")}
      </Button>
      <span>{t("teleconsult.pageOf", { page, pages })}</span>
      <Button color="primary" outline size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("teleconsult.next")}
      </Button>
    </nav>
  );
}

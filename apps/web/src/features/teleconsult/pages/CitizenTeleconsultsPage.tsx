import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { useOwnTeleconsults } from "../api/lists.ts";
import { Pager } from "../components/Pager.tsx";
import { TeleconsultTable } from "../components/TeleconsultTable.tsx";
import { citizenPreviewPath, newQuickPath } from "../paths.ts";

/** `teleconsulti` (and `teleconsulti/lista`): the citizen's teleconsultations and the ways to ask for one. */
export default function CitizenTeleconsultsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useOwnTeleconsults(page);
  return (
    <div>
      <h1 className="mb-3">{t("teleconsult.citizen.title")}</h1>
      <p>{t("teleconsult.citizen.intro")}</p>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Link className="btn btn-primary" to={newQuickPath("tcemergenza")}>
          {t("teleconsult.citizen.newRapido")}
        </Link>
        <Link className="btn btn-outline-primary" to={newQuickPath("pediatrico")}>
          {t("teleconsult.citizen.newPediatrico")}
        </Link>
      </div>
      <h2 className="h4">{t("teleconsult.citizen.listTitle")}</h2>
      {list.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {list.data?.data.length === 0 ? <p>{t("teleconsult.citizen.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <TeleconsultTable
          items={list.data.data}
          caption={t("teleconsult.citizen.listTitle")}
          who="both"
          actions={(item) => (
            <Link
              to={citizenPreviewPath(item.hashid)}
              aria-label={t("teleconsult.citizen.openLabel", { service: item.service.name })}
            >
              {t("teleconsult.citizen.open")}
            </Link>
          )}
        />
      ) : null}
      <Pager page={page} meta={list.data?.meta} onPage={setPage} />
    </div>
  );
}

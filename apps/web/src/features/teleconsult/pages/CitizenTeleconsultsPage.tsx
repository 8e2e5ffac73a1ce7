import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useOwnTeleconsults } from "../api/lists.ts";
import { TeleconsultTable } from "../components/TeleconsultTable.tsx";
import { citizenPreviewPath, newQuickPath, newSpecialistPath } from "../paths.ts";

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
        <Link className="btn btn-outline-primary" to={newSpecialistPath()}>
          {t("teleconsult.citizen.newSpecialistico")}
        </Link>
      </div>
      <h2 className="h4">{t("teleconsult.citizen.listTitle")}</h2>
      {list.isPending ? <PageLoader /> : null}
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
      <Pager
        page={page}
        total={list.data?.meta.total ?? 0}
        perPage={list.data?.meta.per_page ?? 1}
        onPage={setPage}
        label={t("teleconsult.pagination")}
      />
    </div>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useAdminTeleconsults } from "../api/lists.ts";
import { TeleconsultTable } from "../components/TeleconsultTable.tsx";

/** `teleconsulto` for administrators (issue 10): every teleconsultation, read-only. */
export default function AdminTeleconsultPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useAdminTeleconsults(page);
  return (
    <div>
      <h1 className="mb-3">{t("teleconsult.admin.title")}</h1>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {list.data?.data.length === 0 ? <p>{t("teleconsult.admin.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <TeleconsultTable items={list.data.data} caption={t("teleconsult.admin.title")} who="both" />
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

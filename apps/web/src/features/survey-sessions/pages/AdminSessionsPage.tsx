import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useCompanyLookup } from "../../admin-settings/api/asl.ts";
import { useEnableSession, useSessions } from "../api/sessions.ts";
import { SessionsTable } from "./SessionsArea.tsx";

/**
 * The administrator's survey sessions (spec 002 §2 admin `sessioni`): every session, and enabling
 * or disabling one for a company (`POST survey-sessions/enable/{hash}`), as for activities.
 */
export default function AdminSessionsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const list = useSessions("all", page);
  const enable = useEnableSession();
  const [session, setSession] = useState("");
  const [q, setQ] = useState("");
  const [company, setCompany] = useState("");
  const [enabled, setEnabled] = useState(true);
  const companies = useCompanyLookup(q);

  if (list.isPending) return <PageLoader />;
  if (list.isError)
    return (
      <FormMessage kind="error">{isApiError(list.error) ? list.error.message : t("sessions.loadError")}</FormMessage>
    );
  return (
    <div>
      <h1 className="mb-3">{t("sessions.title")}</h1>
      {list.data.data.length === 0 ? <p>{t("sessions.list.empty")}</p> : <SessionsTable sessions={list.data.data} />}
      <Pager page={page} perPage={list.data.meta.per_page} total={list.data.meta.total} onPage={setPage} />
      <form
        className="border rounded p-3 mt-4"
        aria-labelledby="session-enable-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!session || !company) return;
          enable.mutate(
            { id: session, company_id: company, enabled },
            {
              onSuccess: () => alerts.success(t("sessions.admin.saved")),
              onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            },
          );
        }}
      >
        <h2 id="session-enable-title" className="h4">
          {t("sessions.admin.enableTitle")}
        </h2>
        <SelectField
          label={t("sessions.admin.session")}
          placeholder={t("sessions.start.choose")}
          value={session}
          options={list.data.data.map((s) => ({ value: s.hashid, label: s.name }))}
          onChange={(e) => setSession(e.target.value)}
        />
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("sessions.admin.companySearch")}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <SelectField
            wrapperClassName="col-md-6"
            label={t("sessions.admin.company")}
            placeholder={t("sessions.start.choose")}
            value={company}
            options={(companies.data ?? []).map((c) => ({ value: c.hashid, label: c.name }))}
            onChange={(e) => setCompany(e.target.value)}
          />
        </div>
        <CheckboxField
          label={t("sessions.admin.enabled")}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <button type="submit" className="btn btn-primary" disabled={enable.isPending || !session || !company}>
          {t("sessions.admin.save")}
        </button>
      </form>
    </div>
  );
}

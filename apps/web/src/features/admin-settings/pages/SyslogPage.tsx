import { ZSystemLogQuery } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { EMPTY_FILTERS, type SystemLogFilters, useExportSystemLog, useSystemLog } from "../api/syslog.ts";

const dateTime = new Intl.DateTimeFormat("it-IT", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Rome",
});

/** `syslog` (spec 002 §2, §7 `GET utilities/dati/logs`): the audit log, filtered, paged, exportable. */
export default function SyslogPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [draft, setDraft] = useState<SystemLogFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<SystemLogFilters>(EMPTY_FILTERS);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [page, setPage] = useState(1);
  const log = useSystemLog(filters, page);
  const exporter = useExportSystemLog();
  const set = (field: keyof SystemLogFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const query = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim() || undefined]));
    const parsed = ZSystemLogQuery.safeParse(query);
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors(new Map());
    setFilters(draft);
    setPage(1);
  };
  const typeLabel = (type: number) => t(`adminSettings.syslog.userTypes.${String(type) as "0" | "1" | "2"}`);
  const userTypes = [0, 1, 2].map((type) => ({ value: String(type), label: typeLabel(type) }));

  return (
    <div>
      <h1 className="mb-3">{t("adminSettings.syslog.title")}</h1>
      <form onSubmit={onSearch} noValidate aria-label={t("adminSettings.syslog.filters")} className="mb-4">
        <div className="row">
          <TextField
            wrapperClassName="col-md-4"
            label={t("adminSettings.syslog.user")}
            value={draft.user}
            onChange={set("user")}
            error={errors.get("user")}
          />
          <SelectField
            wrapperClassName="col-md-4"
            label={t("adminSettings.syslog.userType")}
            value={draft.user_type}
            onChange={set("user_type")}
            placeholder={t("adminSettings.syslog.all")}
            options={userTypes}
            error={errors.get("user_type")}
          />
          <TextField
            wrapperClassName="col-md-4"
            label={t("adminSettings.syslog.ip")}
            value={draft.ip}
            onChange={set("ip")}
            error={errors.get("ip")}
          />
          <TextField
            wrapperClassName="col-md-3"
            label={t("adminSettings.syslog.action")}
            hint={t("adminSettings.syslog.actionHint")}
            value={draft.action}
            onChange={set("action")}
            error={errors.get("action")}
          />
          <TextField
            wrapperClassName="col-md-3"
            label={t("adminSettings.syslog.entity")}
            value={draft.entity}
            onChange={set("entity")}
            error={errors.get("entity")}
          />
          <TextField
            wrapperClassName="col-md-3"
            label={t("adminSettings.syslog.from")}
            type="date"
            value={draft.from}
            onChange={set("from")}
            error={errors.get("from")}
          />
          <TextField
            wrapperClassName="col-md-3"
            label={t("adminSettings.syslog.to")}
            type="date"
            value={draft.to}
            onChange={set("to")}
            error={errors.get("to")}
          />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" color="primary">
            {t("adminSettings.syslog.search")}
          </Button>
          <Button
            type="button"
            color="secondary"
            outline
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              setFilters(EMPTY_FILTERS);
              setErrors(new Map());
              setPage(1);
            }}
          >
            {t("adminSettings.syslog.reset")}
          </Button>
          <Button
            type="button"
            color="primary"
            outline
            disabled={exporter.isPending}
            onClick={() =>
              exporter.mutate(filters, {
                onError: (error) =>
                  alerts.error(isApiError(error) ? error.message : t("adminSettings.syslog.exportError")),
              })
            }
          >
            {t("adminSettings.syslog.export")}
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {log.isError ? <FormMessage kind="error">{log.error.message}</FormMessage> : null}
      {log.data ? (
        <p role="status" aria-live="polite">
          {t("adminSettings.syslog.total", { count: log.data.meta.total })}
        </p>
      ) : null}
      {log.data && log.data.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table cura-stack-table" data-testid="syslog-table">
            <caption className="visually-hidden">{t("adminSettings.syslog.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminSettings.syslog.when")}</th>
                <th scope="col">{t("adminSettings.syslog.action")}</th>
                <th scope="col">{t("adminSettings.syslog.entity")}</th>
                <th scope="col">{t("adminSettings.syslog.user")}</th>
                <th scope="col">{t("adminSettings.syslog.ip")}</th>
                <th scope="col">{t("adminSettings.syslog.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.data.map((entry) => (
                <tr key={entry.id} data-testid="syslog-row">
                  <th scope="row">{dateTime.format(new Date(entry.created_at))}</th>
                  <td data-label={t("adminSettings.syslog.action")}>
                    <code>{entry.action}</code>
                  </td>
                  <td data-label={t("adminSettings.syslog.entity")}>
                    {entry.entity}
                    {entry.entity_id ? ` · ${entry.entity_id}` : ""}
                  </td>
                  <td data-label={t("adminSettings.syslog.user")}>
                    {entry.user_name ?? entry.user ?? t("adminSettings.syslog.system")}
                    {entry.user_type !== null ? ` (${typeLabel(entry.user_type)})` : ""}
                  </td>
                  <td data-label={t("adminSettings.syslog.ip")}>{entry.ip ?? "—"}</td>
                  <td data-label={t("adminSettings.syslog.detail")} className="text-break small">
                    {entry.detail ? JSON.stringify(entry.detail) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.data ? (
        <Pager
          page={page}
          perPage={log.data.meta.per_page}
          total={log.data.meta.total}
          onPage={setPage}
          label={t("adminSettings.syslog.pagination")}
        />
      ) : null}
    </div>
  );
}

import { ACTIVITY_STATUSES, SURVEY_MESSAGES, type TActivity, type TActivityStatus, ZActivityBody } from "@cura/domain";
import { Button } from "design-react-kit";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useActivities, useActivity, useSaveActivity, useSetActivityStatus } from "../api/activities.ts";
import { formatDay } from "../format.ts";

const BASE = "/operatore/attivita/raccolte";

/**
 * The activities (raccolte) the company sees: its own and those the platform enabled for it. Its
 * managers create activities and edit their own (an activity shared by the platform is read only).
 */
export function ActivitiesSection({
  manages,
  action,
  quest,
}: {
  manages: boolean;
  action?: string | undefined;
  quest?: string | undefined;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const list = useActivities(page);
  const rows = list.data?.data ?? [];
  const editable = (a: TActivity) => manages && a.company !== null && a.company.hashid === user?.company?.hashid;
  const editing = useActivity(manages && action === "modifica" ? quest : undefined);

  if (manages && action === "nuova") return <ActivityForm activity={null} />;
  if (manages && action === "modifica" && quest) {
    if (editing.isPending) return <PageLoader />;
    return editing.data && editable(editing.data) ? (
      <ActivityForm activity={editing.data} />
    ) : (
      <FormMessage kind="error">{t("surveys.activities.notFound")}</FormMessage>
    );
  }

  return (
    <section aria-labelledby="activities-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="activities-title" className="h3 m-0">
          {t("surveys.activities.title")}
        </h2>
        {manages ? (
          <Link to={`${BASE}/nuova`} className="btn btn-primary">
            {t("surveys.activities.new")}
          </Link>
        ) : null}
      </div>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage kind="error">{t("surveys.loadError")}</FormMessage> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t("surveys.activities.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table" data-testid="activities-table">
            <caption className="visually-hidden">{t("surveys.activities.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("surveys.activities.name")}</th>
                <th scope="col">{t("surveys.activities.period")}</th>
                <th scope="col">{t("surveys.activities.status")}</th>
                <th scope="col">{t("surveys.activities.surveys")}</th>
                {manages ? <th scope="col">{t("surveys.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.hashid}>
                  <td>
                    <span className="fw-semibold">{a.name}</span>
                    {a.description ? <div className="small">{a.description}</div> : null}
                  </td>
                  <td>{period(a, t)}</td>
                  <td>{t(`surveys.activities.statuses.${a.status}`)}</td>
                  <td>{a.surveys_count}</td>
                  {manages ? (
                    <td>
                      {editable(a) ? (
                        <Link
                          to={`${BASE}/modifica/${a.hashid}`}
                          className="btn btn-outline-primary btn-xs"
                          aria-label={t("surveys.activities.editOf", { name: a.name })}
                        >
                          {t("surveys.edit")}
                        </Link>
                      ) : (
                        <span className="small">{t("surveys.activities.shared")}</span>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? (
        <Pager
          page={page}
          perPage={list.data.meta.per_page}
          total={list.data.meta.total}
          onPage={setPage}
          label={t("surveys.activities.title")}
        />
      ) : null}
    </section>
  );
}

function period(a: TActivity, t: TFunction): string {
  if (a.start_date && a.end_date)
    return t("surveys.activities.fromTo", { from: formatDay(a.start_date), to: formatDay(a.end_date) });
  if (a.start_date) return t("surveys.activities.from", { from: formatDay(a.start_date) });
  if (a.end_date) return t("surveys.activities.to", { to: formatDay(a.end_date) });
  return t("surveys.activities.noPeriod");
}

interface ActivityValues {
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  status: TActivityStatus;
}

const toBody = (v: ActivityValues) => ({
  name: v.name.trim(),
  description: orNull(v.description),
  start_date: orNull(v.start_date),
  end_date: orNull(v.end_date),
});

/** A new activity, or one of the company's own: name, description, period and status. */
function ActivityForm({ activity }: { activity: TActivity | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const save = useSaveActivity();
  const setStatus = useSetActivityStatus();
  const form = useAppForm<ActivityValues>({
    defaultValues: {
      name: activity?.name ?? "",
      description: activity?.description ?? "",
      start_date: activity?.start_date?.slice(0, 10) ?? "",
      end_date: activity?.end_date?.slice(0, 10) ?? "",
      status: activity?.status ?? "attiva",
    },
    resolver: schemaResolver(ZActivityBody, toBody),
  });
  const { errors } = form.formState;
  const busy = save.isPending || setStatus.isPending;
  const failed = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ ...(activity ? { hashid: activity.hashid } : {}), body: toBody(values) });
      if (saved.status !== values.status) await setStatus.mutateAsync({ hashid: saved.hashid, status: values.status });
      alerts.success(SURVEY_MESSAGES.saved);
      navigate(BASE);
    } catch (error) {
      if (setServerErrors(error, form.setError, ["name", "description", "start_date", "end_date"]).placed === 0)
        failed(error);
    }
  });

  return (
    <section aria-labelledby="activity-form-title">
      <h2 id="activity-form-title" className="h3">
        {activity ? t("surveys.activities.editTitle") : t("surveys.activities.newTitle")}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField label={t("surveys.activities.name")} error={errors.name?.message} {...form.register("name")} />
        <div className="form-group">
          <label htmlFor="activity-description" className="active">
            {t("surveys.activities.description")}
          </label>
          <textarea
            id="activity-description"
            className={`form-control${errors.description ? " is-invalid" : ""}`}
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? "activity-description-error" : undefined}
            {...form.register("description")}
          />
          {errors.description?.message ? (
            <div id="activity-description-error" className="invalid-feedback d-block">
              {errors.description.message}
            </div>
          ) : null}
        </div>
        <div className="row">
          <TextField
            wrapperClassName="col-md-4"
            type="date"
            label={t("surveys.activities.start")}
            error={errors.start_date?.message}
            {...form.register("start_date")}
          />
          <TextField
            wrapperClassName="col-md-4"
            type="date"
            label={t("surveys.activities.end")}
            error={errors.end_date?.message}
            {...form.register("end_date")}
          />
          <SelectField
            wrapperClassName="col-md-4"
            label={t("surveys.activities.status")}
            options={ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`surveys.activities.statuses.${s}`) }))}
            {...form.register("status")}
          />
        </div>
        <div className="d-flex gap-2 mt-3">
          <Button type="submit" color="primary" disabled={busy}>
            {t("surveys.save")}
          </Button>
          <Button type="button" color="secondary" outline onClick={() => navigate(BASE)}>
            {t("surveys.cancel")}
          </Button>
        </div>
      </form>
    </section>
  );
}

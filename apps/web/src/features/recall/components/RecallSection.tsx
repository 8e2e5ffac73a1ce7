import type { TFrequency } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { formatLocalDate } from "../../bookings/format.ts";
import { useCompanyFrequencies, useDeleteFrequency, useSetFrequencyEnabled } from "../api/frequencies.ts";
import { everyText } from "../format.ts";
import { FrequencyFormModal } from "./FrequencyFormModal.tsx";

/**
 * The operator's recall section (spec 001 §2 operator route prenotazioni/recall): the company's
 * recurring reservations, each suspended or enabled, edited or deleted, and new ones for a patient
 * found by tax code. The job runner books each next date a week ahead.
 */
export default function RecallSection() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const list = useCompanyFrequencies();
  const setEnabled = useSetFrequencyEnabled();
  const remove = useDeleteFrequency();
  const [editing, setEditing] = useState<TFrequency | null>(null);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<TFrequency | null>(null);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  const who = (f: TFrequency) => `${f.user.name} ${f.user.surname}`.trim();

  return (
    <section aria-labelledby="recall-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="recall-title" className="h3 mb-0">
          {t("recall.title")}
        </h2>
        <Button type="button" color="primary" onClick={() => setCreating(true)}>
          {t("recall.new")}
        </Button>
      </div>
      <p>{t("recall.intro")}</p>
      {list.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {list.data?.length === 0 ? <p>{t("recall.empty")}</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">{t("recall.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("recall.patient")}</th>
                <th scope="col">{t("recall.service")}</th>
                <th scope="col">{t("recall.frequency")}</th>
                <th scope="col">{t("recall.nextDate")}</th>
                <th scope="col">{t("recall.state")}</th>
                <th scope="col">{t("recall.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((f) => (
                <tr key={f.hashid} data-testid="recall-row">
                  <th scope="row">
                    {who(f)}
                    {f.user.cf ? <div className="small text-muted">{f.user.cf}</div> : null}
                  </th>
                  <td>{f.health_service.name}</td>
                  <td>{everyText(t, f.every, f.unit)}</td>
                  <td>
                    {formatLocalDate(f.next_date)}, {f.time}
                    {f.end_date ? (
                      <div className="small text-muted">{t("recall.until", { date: formatLocalDate(f.end_date) })}</div>
                    ) : null}
                  </td>
                  <td>
                    <span className={`badge ${f.enabled ? "bg-success" : "bg-secondary"}`}>
                      {f.enabled ? t("recall.active") : t("recall.suspended")}
                    </span>
                  </td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      <RowAction
                        disabled={setEnabled.isPending}
                        label={t(f.enabled ? "recall.suspendOf" : "recall.enableOf", { name: who(f) })}
                        onClick={() =>
                          setEnabled.mutate(
                            { hashid: f.hashid, enabled: !f.enabled },
                            { onSuccess: () => alerts.success(t("recall.updated")), onError: fail },
                          )
                        }
                      >
                        {f.enabled ? t("recall.suspend") : t("recall.enable")}
                      </RowAction>
                      <RowAction label={t("recall.editOf", { name: who(f) })} onClick={() => setEditing(f)}>
                        {t("recall.edit")}
                      </RowAction>
                      <RowAction danger label={t("recall.deleteOf", { name: who(f) })} onClick={() => setToDelete(f)}>
                        {t("recall.delete")}
                      </RowAction>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <FrequencyFormModal
        frequency={editing}
        isOpen={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSaved={(message) => {
          alerts.success(message);
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("recall.deleteTitle")}
        confirmLabel={t("recall.delete")}
        cancelLabel={t("recall.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: () => alerts.success(t("recall.deleted")),
            onError: fail,
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("recall.deleteBody", { name: who(toDelete), service: toDelete.health_service.name }) : null}
      </ConfirmModal>
    </section>
  );
}

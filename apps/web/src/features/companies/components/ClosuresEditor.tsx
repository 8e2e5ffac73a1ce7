import { COMPANY_MESSAGES, type TClosure, type TClosureBody, ZClosureBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useClosures, useCreateClosure, useDeleteClosure } from "../api/closures.ts";
import { useOwnHealthServices } from "../api/health-services.ts";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";

interface ClosureForm {
  date_from: string;
  date_to: string;
  reason: string;
  service: string;
}

const toBody = (v: ClosureForm): TClosureBody => ({
  date_from: v.date_from,
  date_to: v.date_to,
  reason: orNull(v.reason),
  service: orNull(v.service),
});

/**
 * Closures (prohibited dates) of the company or of one of its health services. `services` lists
 * the company's health services when it is not one's own (a provider centre a room manages).
 */
export function ClosuresEditor({
  company,
  services: given,
}: {
  company: string;
  services?: readonly { hashid: string; name: string }[];
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const closures = useClosures(company);
  const own = useOwnHealthServices();
  const services = given ?? own.data ?? [];
  const create = useCreateClosure(company);
  const remove = useDeleteClosure(company);
  const [toDelete, setToDelete] = useState<TClosure | null>(null);
  const form = useAppForm<ClosureForm>({
    defaultValues: { date_from: "", date_to: "", reason: "", service: "" },
    resolver: schemaResolver(ZClosureBody, toBody),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { company, body: toBody(values) },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.dataUpdated);
          form.reset();
        },
        onError: (error) => {
          const { placed } = setServerErrors(error, form.setError, ["date_from", "date_to", "reason", "service"]);
          if (placed === 0) alerts.error(messageOf(error));
        },
      },
    ),
  );

  return (
    <section aria-labelledby="closures-title" className="mt-5">
      <h3 id="closures-title" className="h4">
        {t("companies.closures.title")}
      </h3>
      {closures.isPending ? <Loading /> : null}
      {closures.isError ? <FormMessage kind="error">{closures.error.message}</FormMessage> : null}
      {closures.data?.length === 0 ? <p>{t("companies.closures.empty")}</p> : null}
      {closures.data && closures.data.length > 0 ? (
        <ul className="list-group mb-3" data-testid="closures-list">
          {closures.data.map((c) => (
            <li key={c.hashid} className="list-group-item d-flex justify-content-between align-items-center">
              <span>
                {c.date_from === c.date_to
                  ? c.date_from
                  : t("companies.closures.range", { from: c.date_from, to: c.date_to })}
                {" — "}
                {c.service?.name ?? c.platform_service?.name ?? t("companies.closures.wholeCompany")}
                {c.reason ? ` (${c.reason})` : ""}
              </span>
              <Button
                type="button"
                color="danger"
                outline
                size="xs"
                onClick={() => setToDelete(c)}
                aria-label={t("companies.closures.deleteOf", { from: c.date_from })}
              >
                {t("companies.actions.delete")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={t("companies.closures.add")}>
        <div className="row">
          <TextField
            wrapperClassName="col-md-3"
            type="date"
            label={t("companies.closures.from")}
            error={errors.date_from?.message}
            {...form.register("date_from")}
          />
          <TextField
            wrapperClassName="col-md-3"
            type="date"
            label={t("companies.closures.to")}
            error={errors.date_to?.message}
            {...form.register("date_to")}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={`${t("companies.closures.reason")} ${t("common.optional")}`}
            error={errors.reason?.message}
            {...form.register("reason")}
          />
        </div>
        <SelectField
          label={t("companies.closures.service")}
          placeholder={t("companies.closures.wholeCompany")}
          options={services.map((s) => ({ value: s.hashid, label: s.name }))}
          error={errors.service?.message}
          {...form.register("service")}
        />
        <Button type="submit" color="primary" disabled={create.isPending}>
          {t("companies.closures.add")}
        </Button>
      </form>
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("companies.closures.deleteTitle")}
        confirmLabel={t("companies.actions.delete")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: () => {
              alerts.success(COMPANY_MESSAGES.closureDeleted);
              setToDelete(null);
            },
            onError: (error) => alerts.error(messageOf(error)),
          });
        }}
      >
        {toDelete ? t("companies.closures.deleteBody", { from: toDelete.date_from, to: toDelete.date_to }) : null}
      </ConfirmModal>
    </section>
  );
}

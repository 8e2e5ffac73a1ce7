import { COMPANY_MESSAGES, type THealthService, type THealthServiceBody, ZHealthServiceBody } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { useNameSuggestions } from "../api/health-service-suggestions.ts";
import { useDeleteHealthService, useOwnHealthServices, useSaveHealthService } from "../api/health-services.ts";
import { AttachmentsModal } from "./AttachmentsModal.tsx";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";
import { ServiceHoursModal } from "./ServiceHoursModal.tsx";
import { SlotsModal } from "./SlotsModal.tsx";

interface ServiceForm {
  name: string;
  description: string;
  slot_minutes: string;
  price: string;
  capacity: string;
  active: boolean;
}

const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v.replace(",", ".")));

function toBody(v: ServiceForm): THealthServiceBody {
  return {
    name: v.name.trim(),
    description: orNull(v.description),
    position_ref: 1,
    slot_minutes: v.slot_minutes.trim() === "" ? Number.NaN : Number(v.slot_minutes),
    price: numberOrNull(v.price),
    capacity: numberOrNull(v.capacity),
    active: v.active,
  };
}

function valuesOf(service: THealthService | null): ServiceForm {
  return {
    name: service?.name ?? "",
    description: service?.description ?? "",
    slot_minutes: String(service?.slot_minutes ?? 30),
    price: service?.price == null ? "" : String(service.price),
    capacity: service?.capacity == null ? "" : String(service.capacity),
    active: service?.active ?? true,
  };
}

/** Health services (prestazioni): list, create, edit, delete, and this week's slots. */
export function HealthServicesPanel() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const services = useOwnHealthServices();
  const remove = useDeleteHealthService();
  const [editing, setEditing] = useState<THealthService | "new" | null>(null);
  const [toDelete, setToDelete] = useState<THealthService | null>(null);
  const [slotsOf, setSlotsOf] = useState<THealthService | null>(null);
  const [hoursOf, setHoursOf] = useState<THealthService | null>(null);
  const [attachmentsOf, setAttachmentsOf] = useState<THealthService | null>(null);

  return (
    <section aria-labelledby="health-services-title" className="mt-5">
      <h3 id="health-services-title" className="h4">
        {t("companies.healthServices.title")}
      </h3>
      {services.isPending ? <Loading /> : null}
      {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
      {services.data?.length === 0 ? <p>{t("companies.healthServices.empty")}</p> : null}
      {services.data && services.data.length > 0 ? (
        <table className="table cura-stack-table" data-testid="health-services">
          <caption className="visually-hidden">{t("companies.healthServices.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("companies.healthServices.name")}</th>
              <th scope="col">{t("companies.healthServices.slotMinutes")}</th>
              <th scope="col">{t("companies.healthServices.status")}</th>
              <th scope="col">{t("companies.healthServices.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {services.data.map((s) => (
              <tr key={s.hashid}>
                <th scope="row">{s.name}</th>
                <td data-label={t("companies.healthServices.slotMinutes")}>
                  {s.slot_minutes}
                  {s.has_openings ? (
                    <div className="small text-muted">{t("companies.serviceHours.ownBadge")}</div>
                  ) : null}
                </td>
                <td data-label={t("companies.healthServices.status")}>
                  {s.active ? t("companies.healthServices.active") : t("companies.healthServices.inactive")}
                </td>
                <td className="d-flex flex-wrap gap-2">
                  <RowAction
                    onClick={() => setSlotsOf(s)}
                    label={t("companies.healthServices.slotsOf", { name: s.name })}
                  >
                    {t("companies.healthServices.slots")}
                  </RowAction>
                  <RowAction onClick={() => setHoursOf(s)} label={t("companies.serviceHours.openOf", { name: s.name })}>
                    {t("companies.serviceHours.open")}
                  </RowAction>
                  <RowAction
                    onClick={() => setAttachmentsOf(s)}
                    label={t("companies.attachments.openOf", { name: s.name, count: s.attachments })}
                  >
                    {t("companies.attachments.open", { count: s.attachments })}
                  </RowAction>
                  <RowAction
                    onClick={() => setEditing(s)}
                    label={t("companies.healthServices.editOf", { name: s.name })}
                  >
                    {t("companies.actions.edit")}
                  </RowAction>
                  <RowAction
                    danger
                    onClick={() => setToDelete(s)}
                    label={t("companies.healthServices.deleteOf", { name: s.name })}
                  >
                    {t("companies.actions.delete")}
                  </RowAction>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Button type="button" color="primary" onClick={() => setEditing("new")}>
        {t("companies.healthServices.new")}
      </Button>
      {editing !== null ? (
        <HealthServiceModal service={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <SlotsModal service={slotsOf} onClose={() => setSlotsOf(null)} />
      {hoursOf ? <ServiceHoursModal kind="health" service={hoursOf} onClose={() => setHoursOf(null)} /> : null}
      {attachmentsOf ? <AttachmentsModal service={attachmentsOf} onClose={() => setAttachmentsOf(null)} /> : null}
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("companies.healthServices.deleteTitle")}
        confirmLabel={t("companies.actions.delete")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: () => alerts.success(COMPANY_MESSAGES.serviceDeleted),
            onError: (error) =>
              alerts.error(
                isApiError(error) && error.status === 409 ? COMPANY_MESSAGES.serviceNotDeletable : messageOf(error),
              ),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("companies.healthServices.deleteBody", { name: toDelete.name }) : null}
      </ConfirmModal>
    </section>
  );
}

function HealthServiceModal({ service, onClose }: { service: THealthService | null; onClose: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const save = useSaveHealthService();
  const form = useAppForm<ServiceForm>({
    defaultValues: valuesOf(service),
    resolver: schemaResolver(ZHealthServiceBody, toBody),
  });
  const { errors } = form.formState;
  const [rest, setRest] = useState<string[]>([]);
  const suggestionsId = useId();
  const suggestions = useNameSuggestions(form.watch("name"));

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(service ? { hash: service.hashid } : {}), body: toBody(values) },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.dataUpdated);
          onClose();
        },
        onError: (error) => {
          const result = setServerErrors(error, form.setError, [
            "name",
            "description",
            "slot_minutes",
            "price",
            "capacity",
          ]);
          setRest(result.placed === 0 && result.rest.length === 0 ? [messageOf(error)] : result.rest);
        },
      },
    ),
  );

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate>
        <ModalHeader id={titleId} tag="h2">
          {service ? t("companies.healthServices.editTitle") : t("companies.healthServices.newTitle")}
        </ModalHeader>
        <ModalBody>
          <TextField
            label={t("companies.healthServices.name")}
            list={suggestionsId}
            autoComplete="off"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <datalist id={suggestionsId}>
            {(suggestions.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <TextField
            label={`${t("companies.healthServices.description")} ${t("common.optional")}`}
            error={errors.description?.message}
            {...form.register("description")}
          />
          <TextField
            type="number"
            min={5}
            max={480}
            label={t("companies.healthServices.slotMinutes")}
            error={errors.slot_minutes?.message}
            {...form.register("slot_minutes")}
          />
          <TextField
            inputMode="decimal"
            label={`${t("companies.healthServices.price")} ${t("common.optional")}`}
            error={errors.price?.message}
            {...form.register("price")}
          />
          <TextField
            type="number"
            min={1}
            label={`${t("companies.healthServices.capacity")} ${t("common.optional")}`}
            error={errors.capacity?.message}
            {...form.register("capacity")}
          />
          <CheckboxField label={t("companies.healthServices.activeLabel")} {...form.register("active")} />
          {rest.map((message) => (
            <FormMessage key={message} kind="error">
              {message}
            </FormMessage>
          ))}
        </ModalBody>
        <ModalFooter>
          <Button type="button" color="secondary" outline onClick={onClose} disabled={save.isPending}>
            {t("companies.actions.cancel")}
          </Button>
          <Button type="submit" color="primary" disabled={save.isPending}>
            {t("companies.actions.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

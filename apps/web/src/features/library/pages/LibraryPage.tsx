import {
  COMPANY_MESSAGES,
  OPERATOR_PERMISSIONS,
  type TLibraryItem,
  type TLibraryItemBody,
  ZLibraryItemBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { useLibrary } from "../api/libraries.ts";
import { useDeleteLibraryItem, useSaveLibraryItem } from "../api/library-save.ts";
import { LibraryFrame } from "../components/LibraryFrame.tsx";

const LOAD_ERROR = "Non è stato possibile scaricare la banca dati";

/**
 * The company's library (banca dati, spec 002 §2): items open in a floating frame or in a new tab;
 * 'Configura' (with 'visualizzare anagrafica azienda') adds, edits and removes them.
 */
export default function LibraryPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const alerts = useAlerts();
  const library = useLibrary();
  const remove = useDeleteLibraryItem();
  const [open, setOpen] = useState<TLibraryItem | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const [editing, setEditing] = useState<TLibraryItem | null>(null);
  const [toDelete, setToDelete] = useState<TLibraryItem | null>(null);
  const canConfigure = user?.permessi.includes(OPERATOR_PERMISSIONS.viewCompanyRegistry) ?? false;

  return (
    <div>
      <div className="d-flex justify-content-between align-items-center mb-4">
        <h1 className="m-0">{t("library.title")}</h1>
        {canConfigure ? (
          <Button
            type="button"
            color="primary"
            outline
            aria-pressed={configuring}
            onClick={() => setConfiguring((c) => !c)}
          >
            {t("library.configure")}
          </Button>
        ) : null}
      </div>
      {library.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {library.isError ? <FormMessage kind="error">{LOAD_ERROR}</FormMessage> : null}
      {library.data?.length === 0 ? <p>{t("library.empty")}</p> : null}
      {library.data && library.data.length > 0 ? (
        <ul className="list-group mb-4" data-testid="library-items">
          {library.data.map((item) => (
            <li key={item.hashid} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold">{item.label}</span>
              <span className="d-flex flex-wrap gap-2">
                {item.open_iframe ? (
                  <Button
                    type="button"
                    size="xs"
                    color="primary"
                    aria-label={t("library.openOf", { label: item.label })}
                    onClick={() => setOpen(item)}
                  >
                    {t("library.open")}
                  </Button>
                ) : (
                  <a href={item.url} target="_blank" rel="noreferrer noopener" className="btn btn-xs btn-primary">
                    {t("library.openInNewTab")}
                    <span className="visually-hidden">: {item.label}</span>
                  </a>
                )}
                {configuring ? (
                  <>
                    <RowAction label={t("library.editOf", { label: item.label })} onClick={() => setEditing(item)}>
                      {t("companies.actions.edit")}
                    </RowAction>
                    <RowAction
                      danger
                      label={t("library.deleteOf", { label: item.label })}
                      onClick={() => setToDelete(item)}
                    >
                      {t("companies.actions.delete")}
                    </RowAction>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {configuring ? (
        <LibraryItemForm key={editing?.hashid ?? "new"} item={editing} onDone={() => setEditing(null)} />
      ) : null}
      {open ? <LibraryFrame key={open.hashid} item={open} onClose={() => setOpen(null)} /> : null}
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("library.deleteTitle")}
        confirmLabel={t("companies.actions.delete")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: () => alerts.success(COMPANY_MESSAGES.libraryItemDeleted),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("library.deleteBody", { label: toDelete.label }) : null}
      </ConfirmModal>
    </div>
  );
}

interface ItemForm {
  label: string;
  url: string;
  open_iframe: boolean;
}

const toBody = (v: ItemForm): TLibraryItemBody => ({
  label: v.label.trim(),
  url: v.url.trim(),
  open_iframe: v.open_iframe,
});

function LibraryItemForm({ item, onDone }: { item: TLibraryItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const save = useSaveLibraryItem();
  const form = useAppForm<ItemForm>({
    defaultValues: { label: item?.label ?? "", url: item?.url ?? "", open_iframe: item?.open_iframe ?? true },
    resolver: schemaResolver(ZLibraryItemBody, toBody),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(item ? { hashid: item.hashid } : {}), body: toBody(values) },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.dataUpdated);
          form.reset({ label: "", url: "", open_iframe: true });
          onDone();
        },
        onError: (error) => {
          if (setServerErrors(error, form.setError, ["label", "url", "open_iframe"]).placed === 0)
            alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
        },
      },
    ),
  );
  return (
    <section aria-labelledby="library-form-title">
      <h2 id="library-form-title" className="h4">
        {item ? t("library.editTitle") : t("library.newTitle")}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("library.label")}
            error={errors.label?.message}
            {...form.register("label")}
          />
          <TextField
            wrapperClassName="col-md-6"
            type="url"
            label={t("library.url")}
            hint={t("library.urlHint")}
            error={errors.url?.message}
            {...form.register("url")}
          />
        </div>
        <CheckboxField label={t("library.openIframe")} {...form.register("open_iframe")} />
        <div className="d-flex gap-2 mt-3">
          <Button type="submit" color="primary" disabled={save.isPending}>
            {t("companies.actions.save")}
          </Button>
          {item ? (
            <Button type="button" color="secondary" outline onClick={onDone}>
              {t("companies.actions.cancel")}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

import { COMPANY_MESSAGES, LIMITS, type TArchiveItem, ZArchiveFields } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages, orNull } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { useArchive } from "../api/archive.ts";
import { useDeleteArchive } from "../api/archive-delete.ts";
import { downloadArchiveFile } from "../api/archive-download.ts";
import { useUploadArchive } from "../api/archive-upload.ts";

/** The company archive (first-level companies, spec 002 §1–§3): files stored encrypted. */
export default function ArchivePage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const archive = useArchive(page);
  const remove = useDeleteArchive();
  const [toDelete, setToDelete] = useState<TArchiveItem | null>(null);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  const pages = archive.data ? Math.max(1, Math.ceil(archive.data.meta.total / archive.data.meta.per_page)) : 1;

  return (
    <div>
      <h1 className="mb-4">{t("archive.title")}</h1>
      <UploadForm />
      <section aria-labelledby="archive-list-title" className="mt-5">
        <h2 id="archive-list-title" className="h3">
          {t("archive.files")}
        </h2>
        {archive.isPending ? (
          <p role="status" className="text-muted">
            {t("common.loading")}
          </p>
        ) : null}
        {archive.isError ? <FormMessage kind="error">{archive.error.message}</FormMessage> : null}
        {archive.data?.data.length === 0 ? <p>{t("archive.empty")}</p> : null}
        {archive.data && archive.data.data.length > 0 ? (
          <ul className="list-group mb-3" data-testid="archive-items">
            {archive.data.data.map((item) => (
              <li key={item.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
                <span>
                  <span className="fw-semibold">{item.title}</span>
                  {item.description ? <span className="d-block small">{item.description}</span> : null}
                  <span className="d-block small text-muted">{item.file.name}</span>
                </span>
                <span className="d-flex gap-2 align-items-start">
                  <RowAction
                    label={t("archive.downloadOf", { title: item.title })}
                    onClick={() => downloadArchiveFile(item.file).catch(fail)}
                  >
                    {t("archive.download")}
                  </RowAction>
                  <RowAction
                    danger
                    label={t("archive.deleteOf", { title: item.title })}
                    onClick={() => setToDelete(item)}
                  >
                    {t("companies.actions.delete")}
                  </RowAction>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? (
          <nav aria-label={t("search.pagination")} className="d-flex align-items-center gap-3">
            <Button
              type="button"
              size="sm"
              color="primary"
              outline
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t("search.previous")}
            </Button>
            <span>{t("search.pageOf", { page, pages })}</span>
            <Button
              type="button"
              size="sm"
              color="primary"
              outline
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t("search.next")}
            </Button>
          </nav>
        ) : null}
      </section>
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("archive.deleteTitle")}
        confirmLabel={t("companies.actions.delete")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => alerts.success(COMPANY_MESSAGES.archiveDeleted),
            onError: fail,
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("archive.deleteBody", { title: toDelete.title }) : null}
      </ConfirmModal>
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const upload = useUploadArchive();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const fileRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZArchiveFields.safeParse({ title, description: orNull(description) });
    const next = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
    if (!file) next.set("file", t("archive.fileRequired"));
    else if (file.size > LIMITS.uploadMaxBytes) next.set("file", t("archive.fileTooLarge"));
    setErrors(next);
    if (next.size > 0 || !file || !parsed.success) return;
    upload.mutate(
      { file, title: parsed.data.title, description: parsed.data.description },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.dataUpdated);
          setTitle("");
          setDescription("");
          setFile(null);
          if (fileRef.current) fileRef.current.value = "";
        },
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
      },
    );
  };

  return (
    <section aria-labelledby="archive-upload-title">
      <h2 id="archive-upload-title" className="h3">
        {t("archive.upload")}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("archive.fileTitle")}
            value={title}
            error={errors.get("title")}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={`${t("archive.description")} ${t("common.optional")}`}
            value={description}
            error={errors.get("description")}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            ref={fileRef}
            wrapperClassName="col-md-6"
            type="file"
            accept="application/pdf,image/*"
            label={t("archive.file")}
            hint={t("archive.fileHint")}
            error={errors.get("file")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" color="primary" disabled={upload.isPending}>
          {t("archive.uploadSubmit")}
        </Button>
      </form>
    </section>
  );
}

import { LIMITS, type THealthDocument, ZDocumentFields } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import {
  downloadFile,
  downloadIps,
  useChangeDocument,
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from "../api/records.ts";
import { QueryState } from "../components/Loading.tsx";
import { formatDay } from "../format.ts";
import type { HealthTabProps } from "../types.ts";

/**
 * The archive (spec 001 screen 20, where the file opens): the health-file documents with their name,
 * date and uploader, current or archived; the uploader archives, restores and deletes. The IPS export
 * is offered here, at the top of the file.
 */
export default function ArchiveTab({ patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const documents = useDocuments(patientHash, archived, page);
  const change = useChangeDocument();
  const remove = useDeleteDocument();
  const [toDelete, setToDelete] = useState<THealthDocument | null>(null);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));

  return (
    <div>
      <div className="mb-4">
        <Button type="button" color="primary" outline onClick={() => downloadIps(patientHash).catch(fail)}>
          {t("healthFile.ips")}
        </Button>
        <p className="small text-muted mt-1">{t("healthFile.ipsHint")}</p>
      </div>
      <UploadForm patientHash={patientHash} />
      <section aria-labelledby="health-docs-title" className="mt-4">
        <h2 id="health-docs-title" className="h4">
          {t("healthFile.docs.title")}
        </h2>
        <ul className="nav nav-pills mb-3">
          {[false, true].map((value) => (
            <li className="nav-item" key={String(value)}>
              <button
                type="button"
                className={`nav-link${archived === value ? " active" : ""}`}
                aria-pressed={archived === value}
                onClick={() => {
                  setArchived(value);
                  setPage(1);
                }}
              >
                {value ? t("healthFile.docs.archivedList") : t("healthFile.docs.current")}
              </button>
            </li>
          ))}
        </ul>
        <QueryState pending={documents.isPending} error={documents.error} />
        {documents.data?.data.length === 0 ? <p>{t("healthFile.docs.empty")}</p> : null}
        {documents.data && documents.data.data.length > 0 ? (
          <ul className="list-group mb-3" data-testid="health-documents">
            {documents.data.data.map((doc) => (
              <li key={doc.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
                <span>
                  <span className="fw-semibold">{doc.name}</span>
                  <span className="d-block small">{formatDay(doc.date)}</span>
                  <span className="d-block small text-muted">
                    {t("healthFile.docs.uploadedBy", { name: doc.uploader ?? "—", date: formatDay(doc.created_at) })}
                  </span>
                </span>
                <span className="d-flex gap-2 align-items-start">
                  <RowAction
                    label={t("healthFile.docs.downloadOf", { name: doc.name })}
                    onClick={() => downloadFile(doc.url, doc.name).catch(fail)}
                  >
                    {t("healthFile.docs.download")}
                  </RowAction>
                  {doc.own ? (
                    <>
                      <RowAction
                        label={t(doc.archived ? "healthFile.docs.restoreOf" : "healthFile.docs.archiveOf", {
                          name: doc.name,
                        })}
                        disabled={change.isPending}
                        onClick={() =>
                          change.mutate(
                            { id: doc.id, archived: !doc.archived },
                            {
                              onSuccess: (_, vars) =>
                                alerts.success(
                                  t(vars.archived ? "healthFile.docs.archive" : "healthFile.docs.restore"),
                                ),
                              onError: fail,
                            },
                          )
                        }
                      >
                        {doc.archived ? t("healthFile.docs.restore") : t("healthFile.docs.archive")}
                      </RowAction>
                      <RowAction
                        danger
                        label={t("healthFile.docs.deleteOf", { name: doc.name })}
                        onClick={() => setToDelete(doc)}
                      >
                        {t("healthFile.delete")}
                      </RowAction>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {documents.data ? (
          <Pager
            page={page}
            total={documents.data.meta.total}
            perPage={documents.data.meta.per_page}
            onPage={setPage}
          />
        ) : null}
      </section>
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("healthFile.docs.deleteTitle")}
        confirmLabel={t("healthFile.delete")}
        cancelLabel={t("healthFile.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onError: fail, onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? t("healthFile.docs.deleteBody", { name: toDelete.name }) : null}
      </ConfirmModal>
    </div>
  );
}

function UploadForm({ patientHash }: { patientHash: string | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const upload = useUploadDocument();
  const [name, setName] = useState("");
  const [date, setDate] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const fileRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZDocumentFields.safeParse({ name, ...(date ? { date } : {}) });
    const next = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
    if (!file || file.size > LIMITS.uploadMaxBytes) next.set("file", t("healthFile.docs.fileRequired"));
    setErrors(next);
    if (next.size > 0 || !file) return;
    upload.mutate(
      { patientHash, name: name.trim(), date, file },
      {
        onSuccess: () => {
          alerts.success(t("healthFile.docs.submit"));
          setName("");
          setDate("");
          setFile(null);
          if (fileRef.current) fileRef.current.value = "";
        },
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
      },
    );
  };

  return (
    <section aria-labelledby="health-docs-upload">
      <h2 id="health-docs-upload" className="h4">
        {t("healthFile.docs.upload")}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="row">
          <TextField
            wrapperClassName="col-md-4"
            label={t("healthFile.docs.name")}
            value={name}
            error={errors.get("name")}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            wrapperClassName="col-md-3"
            type="date"
            label={t("healthFile.docs.date")}
            value={date}
            error={errors.get("date")}
            onChange={(e) => setDate(e.target.value)}
          />
          <TextField
            ref={fileRef}
            wrapperClassName="col-md-5"
            type="file"
            accept="application/pdf,image/*"
            label={t("healthFile.docs.file")}
            error={errors.get("file")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" color="primary" disabled={upload.isPending}>
          {t("healthFile.docs.submit")}
        </Button>
      </form>
    </section>
  );
}

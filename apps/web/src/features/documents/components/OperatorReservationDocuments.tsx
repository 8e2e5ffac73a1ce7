import { DOCUMENT_ALLOWED_TAGS } from "@cura/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { useAssignDocument, useDeleteDocument, useReservationDocuments } from "../api/documents.ts";
import { useDocumentTemplates } from "../api/templates.ts";
import { DocumentDownloads } from "./DocumentDownloads.tsx";
import { DocumentStatusBadge } from "./DocumentStatusBadge.tsx";
import { HtmlPreview } from "./HtmlPreview.tsx";

/**
 * The operator's documents section of a reservation's detail (spec 002 §3): the documents assigned
 * to it with their state and PDFs, and a new one from a company template, its text edited before
 * assigning (a textarea of the allowed tags, with a preview).
 */
export function OperatorReservationDocuments({ reservation }: { reservation: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const ids = { template: useId(), html: useId() };
  const list = useReservationDocuments(reservation);
  const templates = useDocumentTemplates();
  const assign = useAssignDocument(reservation);
  const remove = useDeleteDocument(reservation);
  const [template, setTemplate] = useState("");
  const [html, setHtml] = useState("");
  const [deleting, setDeleting] = useState<string | null>(null);

  // Choosing a template puts its text in the editor, to adapt for this patient. Only on the choice:
  // a refetch of the templates (window focus) must not overwrite what the operator is editing.
  const choose = (hashid: string) => {
    setTemplate(hashid);
    setHtml(templates.data?.data.find((x) => x.hashid === hashid)?.html_content ?? "");
  };

  const message = (error: unknown) => (isApiError(error) ? error.message : t("errors.unexpected"));

  return (
    <section aria-labelledby="operator-documents-title" className="mt-5" data-testid="reservation-documents">
      <h2 id="operator-documents-title" className="h4">
        {t("documents.toSign")}
      </h2>
      {list.isError ? <FormMessage kind="error">{t("documents.loadError")}</FormMessage> : null}
      {list.data?.data.length === 0 ? <p>{t("documents.none")}</p> : null}
      <ul className="list-unstyled">
        {list.data?.data.map((d) => (
          <li key={d.hashid} className="border-bottom py-2 d-flex flex-wrap gap-2 align-items-center">
            <strong>{d.name}</strong>
            <DocumentStatusBadge status={d.status} />
            {d.signer ? (
              <span className="small">
                {t(d.signer.on_behalf_of ? "documents.signedByCaregiver" : "documents.signedBy", {
                  name: d.signer.full_name,
                })}
              </span>
            ) : null}
            <DocumentDownloads document={d} />
            {d.status !== "firmato" ? (
              <button type="button" className="btn btn-link text-danger p-0" onClick={() => setDeleting(d.hashid)}>
                {t("documents.deleteOf", { name: d.name })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>

      <form
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate(
            { template, html },
            {
              onSuccess: () => {
                alerts.success(t("documents.assigned"));
                choose("");
              },
            },
          );
        }}
      >
        <h3 className="h5">{t("documents.assignTitle")}</h3>
        <div className="select-wrapper mb-3">
          <label htmlFor={ids.template}>{t("documents.template")}</label>
          <select id={ids.template} value={template} onChange={(e) => choose(e.target.value)} required>
            <option value="">{t("documents.chooseTemplate")}</option>
            {templates.data?.data.map((x) => (
              <option key={x.hashid} value={x.hashid}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
        {template ? (
          <div className="row g-3 mb-3">
            <div className="col-12 col-xl-6">
              <label htmlFor={ids.html} className="form-label">
                {t("documents.html")}
              </label>
              <textarea
                id={ids.html}
                className="form-control font-monospace"
                rows={12}
                value={html}
                onChange={(e) => setHtml(e.target.value)}
                required
              />
              <p className="small">{t("documents.allowedTags", { tags: DOCUMENT_ALLOWED_TAGS.join(", ") })}</p>
            </div>
            <div className="col-12 col-xl-6">
              <HtmlPreview html={html} />
            </div>
          </div>
        ) : null}
        {assign.error ? <FormMessage kind="error">{message(assign.error)}</FormMessage> : null}
        <div className="d-flex flex-wrap gap-3 align-items-center">
          <button type="submit" className="btn btn-primary" disabled={!template || assign.isPending}>
            {t("documents.assign")}
          </button>
          <Link to="/operatore/documenti/modelli">{t("documents.manageTemplates")}</Link>
        </div>
      </form>

      <ConfirmModal
        isOpen={deleting !== null}
        title={t("documents.deleteTitle")}
        confirmLabel={t("common.yes")}
        cancelLabel={t("common.no")}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null);
              alerts.success(t("documents.deleted"));
            },
          })
        }
      >
        {remove.error ? <FormMessage kind="error">{message(remove.error)}</FormMessage> : null}
      </ConfirmModal>
    </section>
  );
}

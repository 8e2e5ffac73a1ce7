import { DOCUMENT_ALLOWED_TAGS, DOCUMENT_NAME_MAX, type TDocumentTemplate } from "@cura/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useDocumentTemplates, useSaveTemplate } from "../api/templates.ts";
import { HtmlPreview } from "../components/HtmlPreview.tsx";

type Editing = { hashid: string | null; name: string; html: string };

/**
 * /operatore/documenti/modelli: the company's templates of documents to sign (spec 002 §3). Create
 * or edit one in a textarea of the allowed tags with its preview; the server keeps only those tags.
 */
export default function DocumentTemplatesPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const ids = { name: useId(), html: useId() };
  const templates = useDocumentTemplates();
  const save = useSaveTemplate();
  const [editing, setEditing] = useState<Editing | null>(null);

  const edit = (x: TDocumentTemplate | null) => {
    save.reset();
    setEditing(x ? { hashid: x.hashid, name: x.name, html: x.html_content } : { hashid: null, name: "", html: "" });
  };
  const fieldError = (field: string) => (isApiError(save.error) ? (save.error.errors[field]?.[0] ?? null) : null);

  return (
    <div>
      <h1 className="mb-4">{t("documents.templatesTitle")}</h1>
      {templates.isPending ? <PageLoader /> : null}
      {templates.isError ? <FormMessage kind="error">{t("documents.loadError")}</FormMessage> : null}
      {templates.data ? (
        <ul className="list-unstyled mb-4">
          {templates.data.data.map((x) => (
            <li key={x.hashid} className="border-bottom py-2 d-flex flex-wrap gap-2 align-items-center">
              <span className="flex-grow-1">{x.name}</span>
              <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => edit(x)}>
                {t("documents.editOf", { name: x.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? null : (
        <button type="button" className="btn btn-primary" onClick={() => edit(null)}>
          {t("documents.newTemplate")}
        </button>
      )}
      {editing ? (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { hashid: editing.hashid, body: { name: editing.name, html_content: editing.html } },
              {
                onSuccess: () => {
                  alerts.success(t("documents.templateSaved"));
                  setEditing(null);
                },
              },
            );
          }}
        >
          <h2 className="h4">{editing.hashid ? t("documents.editTemplate") : t("documents.newTemplate")}</h2>
          <div className="form-group">
            <label htmlFor={ids.name} className="active">
              {t("documents.name")}
            </label>
            <input
              id={ids.name}
              className="form-control"
              value={editing.name}
              maxLength={DOCUMENT_NAME_MAX}
              required
              aria-invalid={fieldError("name") ? true : undefined}
              onChange={(e) => setEditing({ ...editing, name: e.target.value })}
            />
            {fieldError("name") ? <FormMessage kind="error">{fieldError("name")}</FormMessage> : null}
          </div>
          <div className="row g-3 mb-3">
            <div className="col-12 col-xl-6">
              <label htmlFor={ids.html} className="form-label">
                {t("documents.html")}
              </label>
              <textarea
                id={ids.html}
                className="form-control font-monospace"
                rows={14}
                value={editing.html}
                required
                aria-invalid={fieldError("html_content") ? true : undefined}
                onChange={(e) => setEditing({ ...editing, html: e.target.value })}
              />
              <p className="small">{t("documents.allowedTags", { tags: DOCUMENT_ALLOWED_TAGS.join(", ") })}</p>
              {fieldError("html_content") ? <FormMessage kind="error">{fieldError("html_content")}</FormMessage> : null}
            </div>
            <div className="col-12 col-xl-6">
              <HtmlPreview html={editing.html} />
            </div>
          </div>
          {save.error && !fieldError("name") && !fieldError("html_content") ? (
            <FormMessage kind="error">
              {isApiError(save.error) ? save.error.message : t("errors.unexpected")}
            </FormMessage>
          ) : null}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {t("documents.save")}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setEditing(null)}>
              {t("documents.cancel")}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

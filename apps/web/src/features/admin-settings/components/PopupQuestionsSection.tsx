import { type TAdminPopupQuestion, ZPopupQuestionBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, TextField } from "../../../ui/form.tsx";
import { useAdminPopupQuestions, useRemovePopupQuestion, useSavePopupQuestion } from "../api/popup-questions.ts";

interface Draft {
  title: string;
  description: string;
  /** One option per line. */
  options: string;
  multiple: boolean;
  active_from: string;
  active_to: string;
  active: boolean;
}

const EMPTY: Draft = {
  title: "",
  description: "",
  options: "",
  multiple: false,
  active_from: "",
  active_to: "",
  active: true,
};

const draftOf = (q: TAdminPopupQuestion): Draft => ({
  title: q.title,
  description: q.description,
  options: q.options.join("\n"),
  multiple: q.multiple,
  active_from: q.active_from,
  active_to: q.active_to,
  active: q.active,
});

/** An error of any option (`options.2`) shows under the one options field. */
const fieldOf = (path: string) => (path.startsWith("options") ? "options" : path);

/**
 * Popup questions (issue 12): administrators write them (title, description, options, single or
 * multiple choice, active period, active flag), change and remove them; citizens are asked in a
 * modal after signing in. The server's 422 lands under the field it names.
 */
export function PopupQuestionsSection() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const list = useAdminPopupQuestions(page);
  const save = useSavePopupQuestion();
  const remove = useRemovePopupQuestion();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [removing, setRemoving] = useState<TAdminPopupQuestion | null>(null);
  const optionsId = useId();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setForm((c) => ({ ...c, [field]: value }));

  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
    setErrors(new Map());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, options: form.options.split("\n").filter((line) => line.trim() !== "") };
    const parsed = ZPopupQuestionBody.safeParse(body);
    if (!parsed.success) {
      const messages = firstMessages(parsed.error.issues);
      setErrors(new Map([...messages].map(([path, message]) => [fieldOf(path), message])));
      return;
    }
    setErrors(new Map());
    save.mutate(
      { id: editing, body: parsed.data },
      {
        onSuccess: () => {
          alerts.success(t("adminSettings.popupQuestions.saved"));
          reset();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.errors ?? {}).length > 0)
            setErrors(
              new Map(
                Object.entries(error.errors ?? {}).map(([path, messages]) => [fieldOf(path), messages.join(" ")]),
              ),
            );
          else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
        },
      },
    );
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.per_page)) : 1;

  return (
    <div>
      <form onSubmit={onSubmit} noValidate className="mb-4" aria-labelledby={`${optionsId}-form`}>
        <h3 id={`${optionsId}-form`} className="h5">
          {editing ? t("adminSettings.popupQuestions.editTitle") : t("adminSettings.popupQuestions.newTitle")}
        </h3>
        <div className="row">
          <TextField
            wrapperClassName="col-12"
            label={t("adminSettings.popupQuestions.question")}
            maxLength={200}
            value={form.title}
            onChange={(event) => set("title", event.target.value)}
            error={errors.get("title")}
          />
          <TextField
            wrapperClassName="col-12"
            label={t("adminSettings.popupQuestions.description")}
            maxLength={2000}
            value={form.description}
            onChange={(event) => set("description", event.target.value)}
            error={errors.get("description")}
          />
          <div className="col-12 mb-3">
            <label htmlFor={optionsId} className="form-label active">
              {t("adminSettings.popupQuestions.options")}
            </label>
            <textarea
              id={optionsId}
              className={`form-control${errors.get("options") ? " is-invalid" : ""}`}
              rows={4}
              value={form.options}
              aria-describedby={`${optionsId}-hint${errors.get("options") ? ` ${optionsId}-error` : ""}`}
              aria-invalid={errors.get("options") ? true : undefined}
              onChange={(event) => set("options", event.target.value)}
            />
            <small id={`${optionsId}-hint`} className="form-text">
              {t("adminSettings.popupQuestions.optionsHint")}
            </small>
            {errors.get("options") ? (
              <div id={`${optionsId}-error`} className="invalid-feedback d-block" role="alert">
                {errors.get("options")}
              </div>
            ) : null}
          </div>
          <TextField
            wrapperClassName="col-md-6"
            type="date"
            label={t("adminSettings.popupQuestions.activeFrom")}
            value={form.active_from}
            onChange={(event) => set("active_from", event.target.value)}
            error={errors.get("active_from")}
          />
          <TextField
            wrapperClassName="col-md-6"
            type="date"
            label={t("adminSettings.popupQuestions.activeTo")}
            value={form.active_to}
            onChange={(event) => set("active_to", event.target.value)}
            error={errors.get("active_to")}
          />
          <CheckboxField
            wrapperClassName="col-12"
            label={t("adminSettings.popupQuestions.multiple")}
            checked={form.multiple}
            onChange={(event) => set("multiple", event.target.checked)}
          />
          <CheckboxField
            wrapperClassName="col-12 mb-3"
            label={t("adminSettings.popupQuestions.active")}
            checked={form.active}
            onChange={(event) => set("active", event.target.checked)}
          />
        </div>
        <Button type="submit" color="primary" disabled={save.isPending}>
          {t("adminSettings.save")}
        </Button>
        {editing ? (
          <Button type="button" color="secondary" outline className="ms-2" onClick={reset}>
            {t("adminSettings.popupQuestions.cancelEdit")}
          </Button>
        ) : null}
      </form>

      {list.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {data && data.data.length === 0 ? <p>{t("adminSettings.popupQuestions.empty")}</p> : null}
      {data && data.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">{t("adminSettings.popupQuestions.listTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminSettings.popupQuestions.question")}</th>
                <th scope="col">{t("adminSettings.popupQuestions.period")}</th>
                <th scope="col">{t("adminSettings.popupQuestions.state")}</th>
                <th scope="col">{t("adminSettings.popupQuestions.answers")}</th>
                <th scope="col">{t("adminSettings.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((q) => (
                <tr key={q.id}>
                  <td>
                    {q.title}
                    <div className="small text-muted">
                      {q.options.join(" · ")} (
                      {q.multiple
                        ? t("adminSettings.popupQuestions.multipleShort")
                        : t("adminSettings.popupQuestions.single")}
                      )
                    </div>
                  </td>
                  <td>{t("adminSettings.popupQuestions.range", { from: q.active_from, to: q.active_to })}</td>
                  <td>
                    {q.live
                      ? t("adminSettings.popupQuestions.live")
                      : q.active
                        ? t("adminSettings.popupQuestions.outOfPeriod")
                        : t("adminSettings.popupQuestions.inactive")}
                  </td>
                  <td>{q.answers}</td>
                  <td className="text-nowrap">
                    <Button
                      type="button"
                      color="primary"
                      outline
                      size="sm"
                      aria-label={t("adminSettings.popupQuestions.editOf", { title: q.title })}
                      onClick={() => {
                        setEditing(q.id);
                        setForm(draftOf(q));
                        setErrors(new Map());
                      }}
                    >
                      {t("adminSettings.popupQuestions.edit")}
                    </Button>
                    <Button
                      type="button"
                      color="danger"
                      outline
                      size="sm"
                      className="ms-2"
                      aria-label={t("adminSettings.popupQuestions.removeOf", { title: q.title })}
                      onClick={() => setRemoving(q)}
                    >
                      {t("adminSettings.remove")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav aria-label={t("adminSettings.popupQuestions.pagination")} className="d-flex gap-2">
              <Button type="button" size="sm" outline disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("adminSettings.popupQuestions.previous")}
              </Button>
              <Button type="button" size="sm" outline disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t("adminSettings.popupQuestions.next")}
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}

      <ConfirmModal
        isOpen={removing !== null}
        title={t("adminSettings.popupQuestions.removeQuestion")}
        confirmLabel={t("adminSettings.remove")}
        cancelLabel={t("adminSettings.popupQuestions.cancelEdit")}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              alerts.success(t("adminSettings.popupQuestions.removed"));
              if (editing === removing.id) reset();
              setRemoving(null);
            },
            onError: (error) => {
              alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
              setRemoving(null);
            },
          });
        }}
      >
        {removing ? <p className="mb-0">{removing.title}</p> : null}
      </ConfirmModal>
    </div>
  );
}

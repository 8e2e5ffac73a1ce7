import { type TSurveyTemplate, ZSurveyTemplate } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { firstMessages } from "../../../lib/forms.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { addQuestion, draftOf, moveQuestion, removeQuestion, type SurveyDraft, templateOf } from "../model/builder.ts";
import { QuestionEditor } from "./QuestionEditor.tsx";
import { SurveyPreview } from "./SurveyPreview.tsx";

export interface SurveyBuilderProps {
  /** The survey being edited; a new one starts with one empty question. */
  initial?: TSurveyTemplate | null | undefined;
  onSave: (template: TSurveyTemplate) => void;
  saving?: boolean | undefined;
}

/**
 * The survey builder (issue 13, operators with 'gestire attività e questionari'): name, information
 * notice and questions, with a live preview in the one SurveyPlayer. The draft is edited through the
 * pure functions of model/builder.ts, which keep conditions pointing at the right question when
 * questions move, and it is checked with the server's own schema (ZSurveyTemplate) on save: its
 * messages are shown at the question and field they name, and they follow each edit from then on.
 */
export function SurveyBuilder({ initial, onSave, saving = false }: SurveyBuilderProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SurveyDraft>(() => draftOf(initial));
  const [checked, setChecked] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<string | null>(null);
  const infoId = useId();
  const template = templateOf(draft);
  const result = checked ? ZSurveyTemplate.safeParse(template) : null;
  const errors = result && !result.success ? firstMessages(result.error.issues) : new Map<string, string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each edit of the draft, on purpose
  useEffect(() => {
    // After a move or a deletion the button pressed may be gone or disabled: focus goes where the
    // question went (the same button, else the other move button, else its legend), so the
    // keyboard user keeps their place.
    const id = focusAfter.current;
    focusAfter.current = null;
    if (!id) return;
    const opposite = id.endsWith("-up") ? id.replace(/-up$/, "-down") : id.replace(/-down$/, "-up");
    const legend = id.replace(/-(up|down)$/, "-legend");
    const target = [id, opposite, legend]
      .map((candidate) => document.getElementById(candidate) as HTMLButtonElement | null)
      .find((element) => element && !element.disabled);
    target?.focus();
  }, [draft]);

  const update = (change: (d: SurveyDraft) => SurveyDraft) => setDraft((d) => change(d));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const parsed = ZSurveyTemplate.safeParse(template);
    if (parsed.success) onSave(parsed.data);
    else requestAnimationFrame(() => summaryRef.current?.focus());
  };

  return (
    <div className="row">
      <form className="col-lg-7" onSubmit={save} noValidate>
        <TextField
          label={t("surveys.builder.name")}
          value={draft.nome}
          maxLength={200}
          error={errors.get("nome")}
          onChange={(e) => update((d) => ({ ...d, nome: e.target.value }))}
        />
        <div className="form-group">
          <label htmlFor={infoId} className="active">
            {t("surveys.builder.info")}
          </label>
          <textarea
            id={infoId}
            className={`form-control${errors.get("info") ? " is-invalid" : ""}`}
            rows={4}
            value={draft.info}
            aria-describedby={`${infoId}-hint`}
            onChange={(e) => update((d) => ({ ...d, info: e.target.value }))}
          />
          <small id={`${infoId}-hint`} className="form-text">
            {t("surveys.builder.infoHint")}
          </small>
          {errors.get("info") ? <div className="invalid-feedback d-block">{errors.get("info")}</div> : null}
        </div>
        <h2 className="h4">{t("surveys.builder.questions")}</h2>
        {errors.get("domande") ? <FormMessage kind="error">{errors.get("domande")}</FormMessage> : null}
        {draft.items.map((item, index) => (
          <QuestionEditor
            key={item.key}
            index={index}
            item={item}
            draft={draft}
            update={update}
            errorAt={(path) => errors.get(`domande.${index}.${path}`)}
            onMove={(to) => {
              focusAfter.current = `${item.key}-${to < index ? "up" : "down"}`;
              update((d) => moveQuestion(d, index, to));
            }}
            onRemove={() => {
              const neighbour = draft.items[index - 1] ?? draft.items[index + 1];
              focusAfter.current = neighbour ? `${neighbour.key}-legend` : null;
              update((d) => removeQuestion(d, index));
            }}
          />
        ))}
        <Button type="button" color="primary" outline className="mb-4" onClick={() => update(addQuestion)}>
          {t("surveys.builder.addQuestion")}
        </Button>
        <div ref={summaryRef} tabIndex={-1}>
          {result && !result.success ? <FormMessage kind="error">{t("surveys.builder.invalid")}</FormMessage> : null}
        </div>
        <Button type="submit" color="primary" disabled={saving}>
          {t("surveys.builder.save")}
        </Button>
      </form>
      <div className="col-lg-5">
        <SurveyPreview template={template} />
      </div>
    </div>
  );
}

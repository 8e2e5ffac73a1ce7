import { SURVEY_LIMITS } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import {
  addOption,
  conditionTargets,
  type DraftQuestion,
  removeOption,
  renameOption,
  type SurveyDraft,
  setKind,
  updateQuestion,
} from "../model/builder.ts";
import { type QuestionKind, questionKind } from "../model/player.ts";
import { ConditionPicker } from "./ConditionPicker.tsx";
import { FileTypesEditor } from "./FileTypesEditor.tsx";
import { OptionsEditor } from "./OptionsEditor.tsx";

const KINDS: QuestionKind[] = ["single", "multiple", "text", "file"];

interface QuestionEditorProps {
  index: number;
  item: DraftQuestion;
  draft: SurveyDraft;
  update: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  /** The schema's message at a path under this question (`q`, `o.2`, `si.index`), after a save attempt. */
  errorAt: (path: string) => string | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One question of the builder: its text, kind, options or file settings, conditions and place. */
export function QuestionEditor({ index, item, draft, update, errorAt, onMove, onRemove }: QuestionEditorProps) {
  const { t } = useTranslation();
  const { question, key } = item;
  const kind = questionKind(question);
  const number = index + 1;
  const patch = (p: Parameters<typeof updateQuestion>[2]) => update((d) => updateQuestion(d, index, p));
  const hasTargets = conditionTargets(draft, index).length > 0;

  return (
    <fieldset className="card card-bg p-3 mb-3" data-testid="survey-question-editor">
      <legend className="h5 float-none w-auto px-1" id={`${key}-legend`} tabIndex={-1}>
        {t("surveys.builder.question", { number })}
      </legend>
      <TextField
        label={t("surveys.builder.text")}
        value={question.q}
        maxLength={SURVEY_LIMITS.questionMaxLength}
        error={errorAt("q")}
        onChange={(e) => patch({ q: e.target.value })}
      />
      <div className="row">
        <SelectField
          wrapperClassName="col-md-6"
          label={t("surveys.builder.kind")}
          options={KINDS.map((k) => ({ value: k, label: t(`surveys.builder.kinds.${k}`) }))}
          value={kind}
          onChange={(e) => update((d) => setKind(d, index, e.target.value as QuestionKind))}
        />
        <CheckboxField
          wrapperClassName="col-md-6 mt-md-4"
          label={t("surveys.builder.required")}
          checked={question.r}
          onChange={(e) => patch({ r: e.target.checked })}
        />
      </div>
      {Array.isArray(question.o) && question.o.length > 0 ? (
        <OptionsEditor
          options={question.o}
          onRename={(option, text) => update((d) => renameOption(d, index, option, text))}
          onAdd={() => update((d) => addOption(d, index))}
          onRemove={(option) => update((d) => removeOption(d, index, option))}
          error={errorAt("o")}
          errorAt={(option) => errorAt(`o.${option}`)}
        />
      ) : null}
      {kind === "file" ? <FileTypesEditor question={question} onChange={patch} error={errorAt("fa")} /> : null}
      {index > 0 ? (
        <fieldset className="mb-2">
          <legend className="h6 fw-semibold">{t("surveys.builder.conditions")}</legend>
          {item.cleared ? (
            <FormMessage kind="warning">{t(`surveys.builder.cleared.${item.cleared}`)}</FormMessage>
          ) : null}
          {hasTargets || question.si || question.hi ? (
            (["si", "hi"] as const).map((c) => (
              <ConditionPicker
                key={c}
                kind={c}
                index={index}
                draft={draft}
                condition={question[c]}
                onChange={(condition) => patch({ [c]: condition })}
                errors={{ index: errorAt(`${c}.index`), response: errorAt(`${c}.response`) }}
              />
            ))
          ) : (
            <p className="small">{t("surveys.builder.conditionNoEarlier")}</p>
          )}
        </fieldset>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button
          type="button"
          color="primary"
          outline
          size="sm"
          id={`${key}-up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t("surveys.builder.moveUp", { number })}
        >
          {t("surveys.builder.up")}
        </Button>
        <Button
          type="button"
          color="primary"
          outline
          size="sm"
          id={`${key}-down`}
          disabled={index === draft.items.length - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t("surveys.builder.moveDown", { number })}
        >
          {t("surveys.builder.down")}
        </Button>
        <Button type="button" color="danger" outline size="sm" disabled={draft.items.length === 1} onClick={onRemove}>
          {t("surveys.builder.remove", { number })}
        </Button>
      </div>
    </fieldset>
  );
}

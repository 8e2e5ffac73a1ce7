import { SURVEY_TEMPLATE_MESSAGES, type TSurveyCondition } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../ui/form.tsx";
import { conditionTargets, type SurveyDraft } from "../model/builder.ts";

interface ConditionPickerProps {
  kind: "si" | "hi";
  /** The question whose condition this is. */
  index: number;
  draft: SurveyDraft;
  condition: TSurveyCondition | null | undefined;
  onChange: (condition: TSurveyCondition | null) => void;
  /** The schema's messages at `si.index` and `si.response` after a save attempt. */
  errors: { index?: string | undefined; response?: string | undefined };
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const optionsOf = (o: string | string[] | undefined) =>
  Array.isArray(o) ? [...new Set(o.map((v) => v.trim()).filter((v) => v !== ""))] : [];

/**
 * A show-if or hide-if: first the question, chosen only among the earlier ones with options (the
 * schema's rule, so the builder cannot write a condition the server refuses), then one of its
 * options. A condition that no longer fits (imported, or its option renamed away) stays visible
 * with the reason, never silently rewritten.
 */
export function ConditionPicker({ kind, index, draft, condition, onChange, errors }: ConditionPickerProps) {
  const { t } = useTranslation();
  const label = t(kind === "si" ? "surveys.builder.showIf" : "surveys.builder.hideIf");
  const targets = conditionTargets(draft, index);
  const target = condition ? draft.items[condition.index]?.question : undefined;
  const targetOptions = optionsOf(target?.o);
  const fits = condition !== null && condition !== undefined && targets.includes(condition.index);
  const indexFlag =
    condition && !fits
      ? condition.index >= index || !target
        ? SURVEY_TEMPLATE_MESSAGES.conditionOrder
        : SURVEY_TEMPLATE_MESSAGES.conditionOnText
      : undefined;
  const responseFlag =
    condition && fits && !targetOptions.includes(condition.response.trim())
      ? SURVEY_TEMPLATE_MESSAGES.conditionOption
      : undefined;
  const questionLabel = (i: number) =>
    t("surveys.builder.conditionTarget", {
      number: i + 1,
      text: shorten(draft.items[i]?.question.q.trim() || "…"),
    });
  const choices = [...targets, ...(condition && !fits ? [condition.index] : [])].map((i) => ({
    value: String(i),
    label: questionLabel(i),
  }));

  return (
    <div className="row">
      <SelectField
        wrapperClassName="col-md-6"
        label={t("surveys.builder.conditionQuestion", { kind: label })}
        placeholder={t("surveys.builder.conditionNone")}
        options={choices}
        value={condition ? String(condition.index) : ""}
        error={indexFlag ?? errors.index}
        onChange={(e) => {
          if (e.target.value === "") return onChange(null);
          const picked = Number(e.target.value);
          const first = optionsOf(draft.items[picked]?.question.o)[0] ?? "";
          onChange({ index: picked, response: first });
        }}
      />
      {condition && fits ? (
        <SelectField
          wrapperClassName="col-md-6"
          label={t("surveys.builder.conditionResponse", { kind: label })}
          placeholder={responseFlag ? t("surveys.player.selectPlaceholder") : undefined}
          options={targetOptions.map((o) => ({ value: o, label: o }))}
          value={responseFlag ? "" : condition.response.trim()}
          error={responseFlag ?? errors.response}
          onChange={(e) => e.target.value !== "" && onChange({ index: condition.index, response: e.target.value })}
        />
      ) : null}
    </div>
  );
}

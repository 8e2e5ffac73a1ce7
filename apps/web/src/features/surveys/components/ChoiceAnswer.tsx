import { SURVEY_LIMITS, type TSurveyAnswer } from "@cura/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField } from "../../../ui/form.tsx";

interface ChoiceAnswerProps {
  options: readonly string[];
  multiple: boolean;
  answer: TSurveyAnswer;
  onChange: (answer: TSurveyAnswer) => void;
  describedBy?: string | undefined;
}

/**
 * The options of a choice question (spec 002, "Up to 9 options as buttons, more as a dropdown"):
 * up to SURVEY_LIMITS.buttonsMax a radio or checkbox group drawn as buttons, so it keeps the native
 * keyboard behaviour (arrows within a radio group, space to tick); more, a select. The fieldset and
 * legend around it are the question's (SurveyPlayer).
 */
export function ChoiceAnswer({ options, multiple, answer, onChange, describedBy }: ChoiceAnswerProps) {
  const { t } = useTranslation();
  const name = useId();
  const chosen = Array.isArray(answer) ? answer : answer ? [answer] : [];
  const toggle = (option: string, on: boolean) => {
    // Kept in the template's order, whatever order they were ticked in.
    const next = options.filter((o) => (o === option ? on : chosen.includes(o)));
    onChange(next.length > 0 ? next : null);
  };

  if (options.length > SURVEY_LIMITS.buttonsMax) {
    if (multiple) {
      // A native multiple select is hard to use by keyboard and touch: many options, several
      // answers, are a list of checkboxes instead.
      return (
        <div aria-describedby={describedBy}>
          {options.map((option) => (
            <CheckboxField
              key={option}
              label={option}
              checked={chosen.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
            />
          ))}
        </div>
      );
    }
    return (
      <SelectField
        label={t("surveys.player.choose")}
        placeholder={t("surveys.player.selectPlaceholder")}
        options={options.map((o) => ({ value: o, label: o }))}
        value={chosen[0] ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        aria-describedby={describedBy}
      />
    );
  }

  return (
    <div className="d-flex flex-wrap gap-2" data-testid="survey-option-buttons">
      {options.map((option, i) => {
        const id = `${name}-${i}`;
        const checked = chosen.includes(option);
        return (
          <span key={option}>
            <input
              type={multiple ? "checkbox" : "radio"}
              className="btn-check"
              id={id}
              name={name}
              value={option}
              checked={checked}
              aria-describedby={describedBy}
              onChange={(e) => (multiple ? toggle(option, e.target.checked) : onChange(option))}
            />
            <label className={`btn ${checked ? "btn-primary" : "btn-outline-primary"}`} htmlFor={id}>
              {option}
            </label>
          </span>
        );
      })}
    </div>
  );
}

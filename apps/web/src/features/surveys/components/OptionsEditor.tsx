import { SURVEY_LIMITS } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";

interface OptionsEditorProps {
  options: readonly string[];
  onRename: (option: number, text: string) => void;
  onAdd: () => void;
  onRemove: (option: number) => void;
  /** The schema's message for the whole list, and per option. */
  error?: string | undefined;
  errorAt: (option: number) => string | undefined;
}

/** A choice question's options: at least two stay, since one option is no choice. */
export function OptionsEditor({ options, onRename, onAdd, onRemove, error, errorAt }: OptionsEditorProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3">
      <legend className="h6 fw-semibold">{t("surveys.builder.options")}</legend>
      <p className="small">{t("surveys.builder.optionsHint", { max: SURVEY_LIMITS.buttonsMax })}</p>
      {options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their text is what changes
        <div key={i} className="d-flex align-items-start gap-2">
          <TextField
            wrapperClassName="flex-grow-1"
            label={t("surveys.builder.option", { number: i + 1 })}
            value={option}
            maxLength={SURVEY_LIMITS.optionMaxLength}
            error={errorAt(i)}
            onChange={(e) => onRename(i, e.target.value)}
          />
          <Button
            type="button"
            color="danger"
            outline
            size="xs"
            className="mt-4"
            disabled={options.length <= 2}
            onClick={() => onRemove(i)}
            aria-label={t("surveys.builder.removeOption", { number: i + 1 })}
          >
            {t("surveys.player.remove")}
          </Button>
        </div>
      ))}
      {error ? <div className="invalid-feedback d-block mb-2">{error}</div> : null}
      <Button
        type="button"
        color="primary"
        outline
        size="sm"
        disabled={options.length >= SURVEY_LIMITS.optionsMax}
        onClick={onAdd}
      >
        {t("surveys.builder.addOption")}
      </Button>
    </fieldset>
  );
}

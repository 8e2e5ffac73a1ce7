import { SURVEY_FILE_TYPES, type TSurveyQuestion } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../ui/form.tsx";

type FileType = (typeof SURVEY_FILE_TYPES)[number];

/** A file question's accepted types (within the platform's uploads) and whether it takes several files. */
export function FileTypesEditor({
  question,
  onChange,
  error,
}: {
  question: TSurveyQuestion;
  onChange: (patch: Pick<TSurveyQuestion, "fa"> | Pick<TSurveyQuestion, "fm">) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const accepted: readonly FileType[] = question.fa ?? SURVEY_FILE_TYPES;
  return (
    <>
      <fieldset className="mb-3">
        <legend className="h6 fw-semibold">{t("surveys.builder.fileTypes")}</legend>
        {SURVEY_FILE_TYPES.map((type) => {
          const on = accepted.includes(type);
          return (
            <CheckboxField
              key={type}
              label={(type.split("/")[1] ?? type).toUpperCase()}
              checked={on}
              // The last type stays: a file question that accepts nothing could never be answered.
              disabled={on && accepted.length === 1}
              onChange={(e) =>
                onChange({
                  fa: SURVEY_FILE_TYPES.filter((x) => (x === type ? e.target.checked : accepted.includes(x))),
                })
              }
            />
          );
        })}
        {error ? <div className="invalid-feedback d-block">{error}</div> : null}
      </fieldset>
      <CheckboxField
        label={t("surveys.builder.multipleFiles")}
        checked={question.fm === true}
        onChange={(e) => onChange({ fm: e.target.checked })}
        wrapperClassName="mb-3"
      />
    </>
  );
}

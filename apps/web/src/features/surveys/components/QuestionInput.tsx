import { SURVEY_LIMITS, type TSurveyAnswer, type TSurveyQuestion } from "@cura/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { questionKind } from "../model/player.ts";
import { ChoiceAnswer } from "./ChoiceAnswer.tsx";
import { FileAnswer, type UploadFile } from "./FileAnswer.tsx";

export interface QuestionInputProps {
  question: TSurveyQuestion;
  answer: TSurveyAnswer;
  onChange: (answer: TSurveyAnswer) => void;
  uploadFile?: UploadFile | undefined;
  fileNames: Record<string, string>;
  onFileNamed: (hashid: string, name: string) => void;
  onBusy: (busy: boolean) => void;
  describedBy?: string | undefined;
}

/** The control of one question, by its kind: options, free text or files. */
export function QuestionInput(props: QuestionInputProps) {
  const { question, answer, onChange, describedBy } = props;
  const { t } = useTranslation();
  const textId = useId();
  const kind = questionKind(question);

  if (kind === "file") {
    return (
      <FileAnswer
        question={question}
        answer={answer}
        onChange={onChange}
        uploadFile={props.uploadFile}
        names={props.fileNames}
        onNamed={props.onFileNamed}
        onBusy={props.onBusy}
      />
    );
  }
  if (kind === "text") {
    return (
      <div className="form-group">
        <label htmlFor={textId} className="active">
          {t("surveys.player.answer")}
        </label>
        <textarea
          id={textId}
          className="form-control"
          rows={4}
          maxLength={SURVEY_LIMITS.textAnswerMaxLength}
          value={typeof answer === "string" ? answer : ""}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        />
      </div>
    );
  }
  return (
    <ChoiceAnswer
      options={question.o as string[]}
      multiple={kind === "multiple"}
      answer={answer}
      onChange={onChange}
      describedBy={describedBy}
    />
  );
}

import { answerError, checkFill, type TSurveyAnswer, type TSurveyTemplate, visibleQuestions } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { isAnswered, nextShown, padAnswers, previousShown, resumeIndex, shownIndex } from "../model/player.ts";
import type { UploadFile } from "./FileAnswer.tsx";
import { QuestionInput } from "./QuestionInput.tsx";
import { SurveyConsent } from "./SurveyConsent.tsx";

export interface SurveyPlayerProps {
  template: Pick<TSurveyTemplate, "info" | "domande">;
  /** A saved draft's answers, by question index: the player resumes at the first unanswered one. */
  initialAnswers?: readonly TSurveyAnswer[] | undefined;
  /** Where the draft said to resume (the `nextIndex` it was saved with), when that question is shown. */
  initialIndex?: number | undefined;
  /** Called on each Next and Skip (save and resume), with the question the filler goes to. */
  onSaveDraft?: ((answers: TSurveyAnswer[], nextIndex: number) => void) | undefined;
  /** Called by the last question's button, with the answers as the server will keep them (hidden ones null). */
  onSubmit: (answers: TSurveyAnswer[]) => void;
  submitting?: boolean | undefined;
  /** Uploads one file of a file question; the player knows no API. */
  uploadFile?: UploadFile | undefined;
  /** Names of files already in the draft, by hashid. */
  fileNames?: Record<string, string> | undefined;
  /** The level of the question headings, under the page's or modal's own title. */
  headingLevel?: 2 | 3 | 4 | undefined;
}

/**
 * The one survey player (issue 13): the citizen's page, the operator filling for a patient, the
 * mandatory survey modal and the sessions all render this. One shown question at a time, shown as
 * the server decides (visibleQuestions, the same function); Next is disabled while a required
 * answer is empty, Skip is offered only on optional questions, and the last shown question's
 * button sends the fill. Focus moves to the question's heading at each step, so a screen reader
 * reads the new question and the keyboard starts from it.
 */
export function SurveyPlayer({
  template,
  initialAnswers,
  initialIndex,
  onSaveDraft,
  onSubmit,
  submitting = false,
  uploadFile,
  fileNames,
  headingLevel = 2,
}: SurveyPlayerProps) {
  const { t } = useTranslation();
  const count = template.domande.length;
  const [answers, setAnswers] = useState(() => padAnswers(initialAnswers, count));
  // The template may change under the player (the builder's live preview): keep the answers aligned.
  const all = padAnswers(answers, count);
  const visible = visibleQuestions(template, all);
  const info = template.info?.trim() ?? "";
  // A draft with answers was started after the consent, which is not asked again on resume.
  const [consented, setConsented] = useState(() => info === "" || (initialAnswers?.some(isAnswered) ?? false));
  const [current, setCurrent] = useState(() =>
    initialIndex !== undefined && visible[initialIndex] ? initialIndex : resumeIndex(visible, all),
  );
  const [names, setNames] = useState<Record<string, string>>(() => ({ ...fileNames }));
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const hintId = useId();
  const errorId = useId();

  const index = shownIndex(visible, current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question in view or the consent changes, on purpose
  useEffect(() => {
    // Only after the filler's own step: typing in the builder beside a preview keeps its focus.
    if (moved.current && index >= 0) headingRef.current?.focus();
    moved.current = false;
  }, [index, consented]);

  if (!consented) {
    return (
      <SurveyConsent
        info={info}
        headingLevel={headingLevel}
        onStart={() => {
          moved.current = true;
          setConsented(true);
        }}
      />
    );
  }
  const question = template.domande[index];
  if (!question) return null;

  const answer = all[index] ?? null;
  const shown = visible.flatMap((v, i) => (v ? [i] : []));
  const position = shown.indexOf(index) + 1;
  const next = nextShown(visible, index);
  const previous = previousShown(visible, index);
  const problem = answerError(question, answer);
  const emptyRequired = question.r && !isAnswered(answer);
  const blocked = problem !== null || uploading || submitting;
  const Heading = `h${headingLevel}` as const;

  const go = (to: number) => {
    moved.current = true;
    setError(null);
    setCurrent(to);
  };
  const setAnswer = (value: TSurveyAnswer) => {
    setError(null);
    setAnswers(all.map((a, i) => (i === index ? value : a)));
  };
  const submit = () => {
    const result = checkFill(template, all);
    if (result.ok) {
      onSubmit(result.answers);
      return;
    }
    // Not reachable through the buttons; shown at the first question the check refused.
    const first = Math.min(
      ...Object.keys(result.errors)
        .map(Number)
        .filter((i) => i >= 0),
    );
    if (Number.isFinite(first)) go(first);
    setError(t("surveys.player.invalid"));
  };
  const forward = () => {
    if (next < 0) return submit();
    onSaveDraft?.(all, next);
    go(next);
  };
  const skip = () => {
    const cleared = all.map((a, i) => (i === index ? null : a));
    setAnswers(cleared);
    const to = nextShown(visibleQuestions(template, cleared), index);
    if (to < 0) return;
    onSaveDraft?.(cleared, to);
    go(to);
  };

  const describedBy = [emptyRequired ? hintId : null, error || (problem && !emptyRequired) ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <section className="survey-player" data-testid="survey-player">
      <p className="small mb-1" aria-hidden="true">
        {t("surveys.player.progress", { current: position, total: shown.length })}
      </p>
      <div className="progress mb-3">
        <div
          className="progress-bar"
          role="progressbar"
          style={{ width: `${(position / shown.length) * 100}%` }}
          aria-label={t("surveys.player.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={shown.length}
          aria-valuenow={position}
          aria-valuetext={t("surveys.player.progress", { current: position, total: shown.length })}
        />
      </div>
      <fieldset className="mb-3" aria-describedby={describedBy || undefined}>
        <legend className="w-100">
          <Heading ref={headingRef} tabIndex={-1} className="h4 mb-3" data-testid="survey-question">
            {question.q}
            {question.r ? (
              <span className="badge bg-secondary ms-2 align-middle fs-6">{t("surveys.player.required")}</span>
            ) : null}
          </Heading>
        </legend>
        {question.cb ? <p className="small">{t("surveys.player.chooseMany")}</p> : null}
        <QuestionInput
          key={index}
          question={question}
          answer={answer}
          onChange={setAnswer}
          uploadFile={uploadFile}
          fileNames={names}
          onFileNamed={(hashid, name) => setNames((n) => ({ ...n, [hashid]: name }))}
          onBusy={setUploading}
          describedBy={describedBy || undefined}
        />
        {emptyRequired ? (
          <p id={hintId} className="small text-muted mt-2">
            {t("surveys.player.requiredHint")}
          </p>
        ) : null}
      </fieldset>
      {error || (problem && !emptyRequired) ? (
        <div id={errorId}>
          <FormMessage kind="error">{error ?? problem}</FormMessage>
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {previous >= 0 ? (
          <Button type="button" color="primary" outline disabled={submitting} onClick={() => go(previous)}>
            {t("surveys.player.back")}
          </Button>
        ) : null}
        {!question.r && next >= 0 ? (
          <Button type="button" color="secondary" outline disabled={uploading || submitting} onClick={skip}>
            {t("surveys.player.skip")}
          </Button>
        ) : null}
        <Button
          type="button"
          color="primary"
          disabled={blocked}
          onClick={forward}
          aria-describedby={emptyRequired ? hintId : undefined}
        >
          {next < 0
            ? submitting
              ? t("surveys.player.submitting")
              : t("surveys.player.submit")
            : t("surveys.player.next")}
        </Button>
      </div>
    </section>
  );
}

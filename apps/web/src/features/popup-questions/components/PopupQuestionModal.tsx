import { POPUP_OPTION_SEPARATOR, type TPopupQuestion } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { useAnswerQuestion, useUnansweredQuestions } from "../api/questions.ts";

/**
 * The citizen's popup questions (spec 001 §2 "Citizen popup-question modal", §4): the unanswered
 * ones, one by one; after each answer the thanks and the next, and the modal closes after the last.
 * A failed load says so, except a 401, which shows nothing (§8). "Più tardi" closes it until the next
 * visit: the questions stay unanswered.
 */
export default function PopupQuestionModal() {
  const { t } = useTranslation();
  const { show } = useAlerts();
  const questions = useUnansweredQuestions();
  const answer = useAnswerQuestion();
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [dismissed, setDismissed] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();
  const legendRef = useRef<HTMLLegendElement>(null);

  const failed = questions.isError && !(isApiError(questions.error) && questions.error.status === 401);
  const failedAt = failed ? questions.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) show("error", t("popupQuestions.loadError"));
  }, [failedAt, show, t]);

  const current: TPopupQuestion | undefined = questions.data?.find((q) => !done.has(q.ref));
  const ref = current?.ref;
  // A new question starts blank, with the focus on it (the dialog stays open between questions).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    setChosen([]);
    setError(null);
    legendRef.current?.focus();
  }, [ref]);

  if (!current || dismissed) return null;
  const options = current.options
    .split(POPUP_OPTION_SEPARATOR)
    .map((o) => o.trim())
    .filter(Boolean);
  const total = questions.data?.length ?? 0;
  const position = total - (questions.data?.filter((q) => !done.has(q.ref)).length ?? 0) + 1;

  const next = () => setDone((set) => new Set(set).add(current.ref));
  const toggle = (option: string, checked: boolean) =>
    setChosen((list) =>
      current.multiple ? (checked ? [...list, option] : list.filter((o) => o !== option)) : checked ? [option] : list,
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t("popupQuestions.required"));
      return;
    }
    answer.mutate(
      { ref: current.ref, response: chosen.join(POPUP_OPTION_SEPARATOR) },
      {
        onSuccess: () => {
          show("success", t("popupQuestions.thanks"));
          next();
        },
        onError: (cause) => {
          if (!isApiError(cause)) return void show("error", t("popupQuestions.answerError"));
          // Answered meanwhile (another tab) or no longer asked: nothing to do but move on.
          if (cause.status === 409 || cause.status === 404) return void next();
          if (cause.status === 401) return;
          if (cause.status === 422) return void setError(cause.errors?.response?.[0] ?? cause.message);
          show("error", t("popupQuestions.answerError"));
        },
      },
    );
  };

  const type = current.multiple ? "checkbox" : "radio";
  return (
    <Modal isOpen labelledBy={titleId} centered backdrop="static" keyboard={false} trapFocus>
      <form onSubmit={onSubmit} noValidate>
        <ModalHeader id={titleId} tag="h2">
          {t("popupQuestions.title")}
        </ModalHeader>
        <ModalBody>
          {total > 1 ? (
            <p className="small text-muted" data-testid="popup-question-position">
              {t("popupQuestions.position", { position, total })}
            </p>
          ) : null}
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend ref={legendRef} tabIndex={-1} className="h5">
              {current.title}
            </legend>
            {current.description ? <p>{current.description}</p> : null}
            <p className="small text-muted">
              {current.multiple ? t("popupQuestions.multipleHint") : t("popupQuestions.singleHint")}
            </p>
            {options.map((option, index) => {
              const id = `${titleId}-${index}`;
              return (
                <div className="form-check" key={option}>
                  <input
                    id={id}
                    className="form-check-input"
                    type={type}
                    name={`popup-question-${current.ref}`}
                    value={option}
                    checked={chosen.includes(option)}
                    onChange={(event) => toggle(option, event.target.checked)}
                    aria-invalid={error ? true : undefined}
                  />
                  <label className="form-check-label" htmlFor={id}>
                    {option}
                  </label>
                </div>
              );
            })}
            {error ? (
              <p id={errorId} className="text-danger small mt-2 mb-0" role="alert">
                {error}
              </p>
            ) : null}
          </fieldset>
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={() => setDismissed(true)}>
            {t("popupQuestions.later")}
          </Button>
          <Button color="primary" type="submit" disabled={answer.isPending}>
            {t("popupQuestions.submit")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

import type { TSurveyAnswer } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { saveDraft, useDraft } from "../api/drafts.ts";
import { SurveyPlayer, type SurveyPlayerProps } from "./SurveyPlayer.tsx";

/**
 * The player with save and resume (issue 13 "Beyond the spec"): it opens on the citizen's saved draft
 * (on any device: the draft is on the server), and each Next or Skip saves the answers so far. A save
 * that fails does not stop the filler; the note says the answers are kept only on this page.
 */
export function DraftedSurveyPlayer({
  survey,
  ...props
}: { survey: string } & Omit<SurveyPlayerProps, "initialAnswers" | "initialIndex" | "onSaveDraft">) {
  const { t } = useTranslation();
  const draft = useDraft(survey);
  const [saveFailed, setSaveFailed] = useState(false);
  if (draft.isPending) return <PageLoader />;
  // No draft to read (a network failure): the filler starts from the first question.
  const saved = draft.data ?? null;
  const onSaveDraft = (answers: TSurveyAnswer[], nextIndex: number) => {
    saveDraft(survey, answers, nextIndex).then(
      () => setSaveFailed(false),
      () => setSaveFailed(true),
    );
  };
  return (
    <>
      {saved ? (
        <p className="small text-muted" data-testid="survey-resumed">
          {t("surveys.draft.resumed")}
        </p>
      ) : null}
      {saveFailed ? <FormMessage kind="warning">{t("surveys.draft.saveFailed")}</FormMessage> : null}
      <SurveyPlayer
        {...props}
        initialAnswers={saved?.answers}
        initialIndex={saved?.next_index}
        onSaveDraft={onSaveDraft}
      />
    </>
  );
}

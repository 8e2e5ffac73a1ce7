import { useQueryClient } from "@tanstack/react-query";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { uploadSurveyFile } from "../api/fills.ts";
import { surveyKeys } from "../api/keys.ts";
import { useFillSuspended, useSuspended } from "../api/suspended.ts";
import { DraftedSurveyPlayer } from "./DraftedSurveyPlayer.tsx";

export interface MandatorySurveyModalProps {
  isOpen: boolean;
  suspended: string;
  onClose: () => void;
  onFilled: () => void;
}

/**
 * The mandatory survey's modal: the survey in the one player (consent first when it has an info
 * text, resumed from the draft), saved with `activities/survey/suspended/filled`. A 404 on load means
 * it is already filled (spec 001 §4): the modal says so and links the agenda.
 */
export function MandatorySurveyModal({ isOpen, suspended, onClose, onFilled }: MandatorySurveyModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const alerts = useAlerts();
  const client = useQueryClient();
  const query = useSuspended(suspended, isOpen);
  const fill = useFillSuspended();
  const filled = query.isError && isApiError(query.error) && query.error.status === 404;
  const survey = query.isError ? null : (query.data ?? null);

  const submit = (response: Parameters<typeof fill.mutate>[0]["response"]) =>
    fill.mutate(
      { suspended, response },
      {
        onSuccess: () => {
          // Read again on reopening: the server then answers 404, "already filled".
          client.removeQueries({ queryKey: surveyKeys.suspended(suspended) });
          alerts.success(t("surveys.mandatory.saved"));
          onFilled();
          onClose();
        },
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("surveys.mandatory.saveError")),
      },
    );

  return (
    <Modal isOpen={isOpen} toggle={onClose} labelledBy={titleId} size="lg" scrollable trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {filled ? t("surveys.mandatory.filledTitle") : (survey?.survey.name ?? t("surveys.mandatory.title"))}
      </ModalHeader>
      <ModalBody>
        {query.isPending && isOpen ? <PageLoader /> : null}
        {filled ? (
          <div data-testid="mandatory-survey-filled">
            <p>{t("surveys.mandatory.filled")}</p>
            <Link to="/cittadino/agenda" className="btn btn-primary" onClick={onClose}>
              {t("surveys.mandatory.agenda")}
            </Link>
          </div>
        ) : null}
        {query.isError && !filled ? <FormMessage kind="error">{t("surveys.mandatory.loadError")}</FormMessage> : null}
        {survey ? (
          <>
            <p>{t("surveys.mandatory.intro")}</p>
            {survey.survey.description ? <p>{survey.survey.description}</p> : null}
            <DraftedSurveyPlayer
              survey={survey.survey.hashid}
              template={survey.survey.template}
              uploadFile={uploadSurveyFile}
              submitting={fill.isPending}
              headingLevel={3}
              onSubmit={submit}
            />
          </>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="primary" outline type="button" onClick={onClose}>
          {survey && !filled ? t("surveys.mandatory.later") : t("common.close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

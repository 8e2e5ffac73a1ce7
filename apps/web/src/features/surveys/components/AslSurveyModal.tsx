import type { TBooking } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { uploadSurveyFile, useFillOnAslAppointment } from "../api/fills.ts";
import { useSurvey, useSurveys } from "../api/surveys.ts";
import { SurveyPlayer } from "./SurveyPlayer.tsx";

export interface AslSurveyModalProps {
  /** The ASL appointment the fill is saved on; null: closed. */
  appointment: TBooking | null;
  /** How the appointment is named in the title (patient and time, as its row shows them). */
  label: string;
  onClose: () => void;
}

/**
 * 'Compila questionario' on an ASL appointment (`activities/surveys/filled/asl/new`): the operator
 * picks one of the company's active surveys and fills it in the one player for the booking's
 * patient; the server saves it on the appointment (once per survey) and checks it as every fill.
 */
export function AslSurveyModal({ appointment, label, onClose }: AslSurveyModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const alerts = useAlerts();
  const [survey, setSurvey] = useState("");
  const isOpen = appointment !== null;
  // The first page of the company's surveys: a company's active questionnaires fit in it.
  const list = useSurveys(1);
  const details = useSurvey(survey || undefined);
  const fill = useFillOnAslAppointment();
  const open = (list.data?.data ?? []).filter((s) => s.active && s.status === "attivo");
  const close = () => {
    setSurvey("");
    onClose();
  };

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} size="lg" scrollable trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
        {t("surveys.asl.title")}
      </ModalHeader>
      <ModalBody>
        <p data-testid="asl-survey-appointment">{label}</p>
        {list.isPending ? <PageLoader /> : null}
        {list.isError ? <FormMessage kind="error">{t("surveys.loadError")}</FormMessage> : null}
        {list.isSuccess && open.length === 0 ? <p>{t("surveys.asl.none")}</p> : null}
        {open.length > 0 ? (
          <SelectField
            label={t("surveys.asl.survey")}
            placeholder={t("surveys.player.selectPlaceholder")}
            value={survey}
            options={open.map((s) => ({ value: s.hashid, label: s.name }))}
            onChange={(e) => setSurvey(e.target.value)}
          />
        ) : null}
        {survey && details.isPending ? <PageLoader /> : null}
        {survey && details.isError ? (
          <FormMessage kind="error">
            {isApiError(details.error) ? details.error.message : t("surveys.loadError")}
          </FormMessage>
        ) : null}
        {appointment && details.data && details.data.hashid === survey ? (
          <SurveyPlayer
            key={survey}
            template={details.data.template}
            headingLevel={3}
            uploadFile={uploadSurveyFile}
            submitting={fill.isPending}
            onSubmit={(answers) =>
              fill.mutate(
                { reservation: appointment.hashid, survey, answers },
                {
                  onSuccess: () => {
                    alerts.success(t("surveys.asl.done"));
                    close();
                  },
                  onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                },
              )
            }
          />
        ) : null}
        {!survey && open.length > 0 ? <p>{t("surveys.asl.choose")}</p> : null}
      </ModalBody>
      <ModalFooter>
        <Button color="primary" outline type="button" onClick={close}>
          {t("common.close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

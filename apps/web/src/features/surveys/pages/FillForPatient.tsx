import { SURVEY_MESSAGES } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { usePatientPicker } from "../../patients/api/patient-picker.ts";
import { uploadSurveyFile, useFillForPatient } from "../api/fills.ts";
import { useSurvey } from "../api/surveys.ts";
import { SurveyPlayer } from "../components/SurveyPlayer.tsx";

/**
 * An operator administers a survey to one of the company's patients (`filled/patient`): the patient
 * first, then the one player. Files the operator uploads are the operator's own, as the server wants.
 */
export function FillForPatient({ survey }: { survey: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const details = useSurvey(survey);
  const [q, setQ] = useState("");
  const [patient, setPatient] = useState("");
  const [done, setDone] = useState(false);
  const picker = usePatientPicker(q.trim().length >= 2 ? q.trim() : "");
  const fill = useFillForPatient();
  const options = (picker.data ?? []).map((p) => ({
    value: p.hashid,
    label: `${p.surname} ${p.name}${p.cf ? ` (${p.cf})` : ""}`,
  }));

  if (details.isPending) return <PageLoader />;
  if (details.isError)
    return (
      <FormMessage kind="error">
        {isApiError(details.error) ? details.error.message : t("surveys.loadError")}
      </FormMessage>
    );
  const data = details.data;

  return (
    <section aria-labelledby="patient-fill-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="patient-fill-title" className="h3 m-0">
          {t("surveys.patientFill.title", { name: data.name })}
        </h2>
        <Link to="/operatore/attivita/questionari">{t("surveys.editor.back")}</Link>
      </div>
      {done ? (
        <div role="status">
          <FormMessage kind="success">{t("surveys.patientFill.done")}</FormMessage>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setDone(false);
              setPatient("");
            }}
          >
            {t("surveys.patientFill.another")}
          </button>
        </div>
      ) : (
        <>
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              label={t("surveys.patientFill.search")}
              hint={t("surveys.patientFill.searchHint")}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <SelectField
              wrapperClassName="col-md-6"
              label={t("surveys.patientFill.patient")}
              placeholder={t("surveys.player.selectPlaceholder")}
              value={patient}
              options={options}
              onChange={(e) => setPatient(e.target.value)}
            />
          </div>
          {patient ? (
            <SurveyPlayer
              key={patient}
              template={data.template}
              headingLevel={3}
              uploadFile={uploadSurveyFile}
              submitting={fill.isPending}
              onSubmit={(answers) =>
                fill.mutate(
                  { survey: data.hashid, user: patient, answers },
                  {
                    onSuccess: () => {
                      alerts.success(SURVEY_MESSAGES.saved);
                      setDone(true);
                    },
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            />
          ) : (
            <p>{t("surveys.patientFill.choose")}</p>
          )}
        </>
      )}
    </section>
  );
}

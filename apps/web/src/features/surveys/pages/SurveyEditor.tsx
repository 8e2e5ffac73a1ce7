import { SURVEY_MESSAGES, type TSurveyTemplate } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { orNull } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useActivityChoices } from "../api/activities.ts";
import { useSaveSurvey, useSurvey } from "../api/surveys.ts";
import { SurveyBuilder } from "../components/SurveyBuilder.tsx";

const BASE = "/operatore/attivita/questionari";

/**
 * A new survey (in one of the company's own activities) or an edit: the survey's description and
 * privacy notice (informativa) beside the builder, which names it and writes its questions. An edit
 * with a changed template is a new version on the server; old fills keep the one they answered.
 */
export function SurveyEditor({ hashid }: { hashid?: string }) {
  const { t } = useTranslation();
  const survey = useSurvey(hashid);
  if (hashid && survey.isPending) return <PageLoader />;
  if (hashid && survey.isError)
    return (
      <FormMessage kind="error">{isApiError(survey.error) ? survey.error.message : t("surveys.loadError")}</FormMessage>
    );
  return (
    <SurveyEditorForm
      key={survey.data?.hashid ?? "new"}
      hashid={hashid}
      initial={
        survey.data
          ? {
              description: survey.data.description ?? "",
              informativa: survey.data.informativa ?? "",
              template: survey.data.template,
            }
          : null
      }
    />
  );
}

function SurveyEditorForm({
  hashid,
  initial,
}: {
  hashid?: string | undefined;
  initial: { description: string; informativa: string; template: TSurveyTemplate } | null;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { user } = useSession();
  const save = useSaveSurvey();
  const choices = useActivityChoices();
  const [activity, setActivity] = useState("");
  const [activityError, setActivityError] = useState<string | undefined>();
  const [description, setDescription] = useState(initial?.description ?? "");
  const [informativa, setInformativa] = useState(initial?.informativa ?? "");
  // Only the company's own activities take its surveys.
  const own = (choices.data?.data ?? []).filter((a) => a.company?.hashid === user?.company?.hashid);

  const onSave = (template: TSurveyTemplate) => {
    if (!hashid && !activity) {
      setActivityError(t("surveys.editor.activityRequired"));
      document.getElementById("survey-activity")?.focus();
      return;
    }
    save.mutate(
      {
        hashid,
        activity: hashid ? undefined : activity,
        fields: { name: template.nome, description: orNull(description), informativa: orNull(informativa), template },
      },
      {
        onSuccess: () => {
          alerts.success(SURVEY_MESSAGES.saved);
          navigate(BASE);
        },
        onError: (error) => {
          const details = isApiError(error) ? Object.values(error.errors).flat() : [];
          alerts.error(
            [isApiError(error) ? error.message : t("errors.unexpected"), ...details].filter(Boolean).join(" "),
          );
        },
      },
    );
  };

  return (
    <section aria-labelledby="survey-editor-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="survey-editor-title" className="h3 m-0">
          {hashid ? t("surveys.editor.editTitle") : t("surveys.editor.newTitle")}
        </h2>
        <Link to={BASE}>{t("surveys.editor.back")}</Link>
      </div>
      {hashid ? null : (
        <SelectField
          id="survey-activity"
          label={t("surveys.editor.activity")}
          placeholder={t("surveys.editor.activityPlaceholder")}
          options={own.map((a) => ({ value: a.hashid, label: a.name }))}
          value={activity}
          error={activityError}
          hint={choices.isSuccess && own.length === 0 ? t("surveys.editor.noActivities") : undefined}
          onChange={(e) => {
            setActivity(e.target.value);
            setActivityError(undefined);
          }}
        />
      )}
      <div className="form-group">
        <label htmlFor="survey-description" className="active">
          {t("surveys.editor.description")}
        </label>
        <textarea
          id="survey-description"
          className="form-control"
          rows={2}
          maxLength={5000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="form-group">
        <label htmlFor="survey-informativa" className="active">
          {t("surveys.editor.informativa")}
        </label>
        <textarea
          id="survey-informativa"
          className="form-control"
          rows={3}
          maxLength={20_000}
          value={informativa}
          aria-describedby="survey-informativa-hint"
          onChange={(e) => setInformativa(e.target.value)}
        />
        <small id="survey-informativa-hint" className="form-text">
          {t("surveys.editor.informativaHint")}
        </small>
      </div>
      <SurveyBuilder initial={initial?.template ?? null} onSave={onSave} saving={save.isPending} />
    </section>
  );
}

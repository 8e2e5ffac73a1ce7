import { OPERATOR_PERMISSIONS } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { NavLink, useParams } from "react-router";
import { useSession } from "../../../lib/session.ts";
import { SessionList } from "../../survey-sessions/pages/SessionsArea.tsx";
import { ActivitiesSection } from "./ActivitiesSection.tsx";
import { FillForPatient } from "./FillForPatient.tsx";
import { FillsSection } from "./FillsSection.tsx";
import { SurveyEditor } from "./SurveyEditor.tsx";
import { SurveysSection } from "./SurveysSection.tsx";

export const SURVEYS_BASE = "/operatore/attivita";
const SECTIONS = ["raccolte", "questionari", "sessioni"] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The operator's Screening (spec 002 §2 `attivita/{section}/{action?}/{quest?}`): activities
 * (raccolte), the company's surveys (questionari), their builder and fills, and the survey sessions
 * (sessioni: the sessions area's list, whose pages are `sessioni/{action?}/{quest?}`). Operators with
 * 'gestire attività e questionari' manage; with 'somministrare questionari' they see the surveys and
 * fill them for a patient. The server decides again on every call; this only hides what would 403.
 */
export default function SurveysArea() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const section: Section = SECTIONS.includes(params.section as Section) ? (params.section as Section) : "raccolte";
  const action = params.action;
  const quest = params.quest;
  const manages = user?.permessi.includes(OPERATOR_PERMISSIONS.manageActivities) ?? false;

  return (
    <div>
      <h1 className="mb-3">{t("surveys.area.title")}</h1>
      <nav aria-label={t("surveys.area.sections")}>
        <ul className="nav nav-tabs mb-4">
          {SECTIONS.map((s) => (
            <li className="nav-item" key={s}>
              <NavLink
                to={`${SURVEYS_BASE}/${s}`}
                className={() => `nav-link${s === section ? " active" : ""}`}
                aria-current={s === section ? "page" : undefined}
              >
                {t(`surveys.area.${s}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {section === "raccolte" ? <ActivitiesSection manages={manages} action={action} quest={quest} /> : null}
      {section === "questionari" ? <SurveysOf manages={manages} action={action} quest={quest} /> : null}
      {section === "sessioni" ? <SessionList manages={manages} /> : null}
    </div>
  );
}

function SurveysOf({ manages, action, quest }: { manages: boolean; action?: string; quest?: string }) {
  if (action === "compila" && quest) return <FillForPatient survey={quest} />;
  if (manages && action === "compilazioni" && quest) return <FillsSection survey={quest} />;
  if (manages && action === "nuovo") return <SurveyEditor />;
  if (manages && action === "modifica" && quest) return <SurveyEditor hashid={quest} />;
  return <SurveysSection manages={manages} />;
}

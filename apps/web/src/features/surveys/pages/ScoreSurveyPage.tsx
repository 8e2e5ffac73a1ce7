import { CitizenSurvey } from "./FillSurveyPage.tsx";

/**
 * The citizen's `questionario/score/compila/{quest?}` (spec 001 §2 "score questionnaire"): the same
 * player and draft as `questionario/compila`, for a survey with scoring; at the end the score is
 * shown against the template's bands.
 */
export default function ScoreSurveyPage() {
  return <CitizenSurvey scored />;
}

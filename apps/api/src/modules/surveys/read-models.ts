import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { filledSurveys, surveys } from "./tables.ts";

/**
 * Read models for the sessions module (issue 13): a survey's name and a fill's score beside a
 * session's rows, in the sessions module's own queries (docs/architecture.md "Boundaries").
 */

/** The name of the survey whose key is in `surveyId` (a scalar subquery). */
export function surveyName(surveyId: AnyPgColumn): SQL<string> {
  return sql<string>`(select ${surveys.name} from ${surveys} where ${surveys.id} = ${surveyId})`;
}

/** The score of the fill whose key is in `fillId`, null when it has none. */
export function fillScore(fillId: AnyPgColumn): SQL<number | null> {
  return sql<
    number | null
  >`(select ${filledSurveys.score} from ${filledSurveys} where ${filledSurveys.id} = ${fillId})`;
}

/** The score band of the fill whose key is in `fillId`. */
export function fillScoreBand(fillId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${filledSurveys.scoreBand} from ${filledSurveys} where ${filledSurveys.id} = ${fillId})`;
}

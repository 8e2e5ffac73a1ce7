/** The surveys feature's query keys: one root, so a change refreshes every list that may show it. */
export const surveyKeys = {
  all: ["surveys"] as const,
  activities: (page: number) => ["surveys", "activities", page] as const,
  activity: (hashid: string) => ["surveys", "activity", hashid] as const,
  surveys: (page: number, activity?: string) => ["surveys", "list", page, activity ?? null] as const,
  survey: (id: string) => ["surveys", "survey", id] as const,
  fills: (survey: string, page: number) => ["surveys", "fills", survey, page] as const,
  draft: (survey: string) => ["surveys", "draft", survey] as const,
  suspended: (id: string) => ["surveys", "suspended", id] as const,
};

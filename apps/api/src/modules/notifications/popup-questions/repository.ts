import { and, asc, count, desc, eq, gte, ilike, lte, notExists, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { qualified } from "../../../db/qualified.ts";
import { popupAnswers, popupQuestions } from "./tables.ts";

export type PopupQuestionRow = typeof popupQuestions.$inferSelect;
export type NewPopupQuestion = typeof popupQuestions.$inferInsert;
export type PopupAnswerRow = typeof popupAnswers.$inferSelect;

/** Shown to citizens on `today` (YYYY-MM-DD, Europe/Rome): active and within its period. */
const liveOn = (today: string) =>
  and(eq(popupQuestions.active, true), lte(popupQuestions.activeFrom, today), gte(popupQuestions.activeTo, today));

/** The live questions the user has not answered, oldest period first; `limit` at most. */
export async function listUnanswered(
  db: Executor,
  userId: number,
  today: string,
  limit: number,
): Promise<PopupQuestionRow[]> {
  return db
    .select()
    .from(popupQuestions)
    .where(
      and(
        liveOn(today),
        notExists(
          db
            .select({ one: sql`1` })
            .from(popupAnswers)
            .where(and(eq(popupAnswers.questionId, popupQuestions.id), eq(popupAnswers.userId, userId))),
        ),
      ),
    )
    .orderBy(asc(popupQuestions.activeFrom), asc(popupQuestions.id))
    .limit(limit);
}

/** One question if it is live on `today`. */
export async function findLive(db: Executor, id: number, today: string): Promise<PopupQuestionRow | null> {
  const [row] = await db
    .select()
    .from(popupQuestions)
    .where(and(eq(popupQuestions.id, id), liveOn(today)));
  return row ?? null;
}

/** Stores the answer unless the user already answered (the unique key decides): null then. */
export async function insertAnswer(
  db: Executor,
  row: { questionId: number; userId: number; response: string[] },
): Promise<PopupAnswerRow | null> {
  const [inserted] = await db
    .insert(popupAnswers)
    .values(row)
    .onConflictDoNothing({ target: [popupAnswers.questionId, popupAnswers.userId] })
    .returning();
  return inserted ?? null;
}

/** The user's answers (to one question, or all), newest first, paged. */
export async function listAnswers(
  db: Executor,
  userId: number,
  options: { questionId?: number; limit: number; offset: number },
): Promise<{ rows: PopupAnswerRow[]; total: number }> {
  const where = and(
    eq(popupAnswers.userId, userId),
    options.questionId === undefined ? undefined : eq(popupAnswers.questionId, options.questionId),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(popupAnswers)
      .where(where)
      .orderBy(desc(popupAnswers.createdAt), desc(popupAnswers.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(popupAnswers).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The number of answers of a question, as a column of the administrators' list. */
const answerCount = sql<number>`(select count(*)::int from ${popupAnswers} where ${popupAnswers.questionId} = ${qualified(popupQuestions.id)})`;

export type AdminQuestionRow = PopupQuestionRow & { answers: number };

/** The LIKE pattern of a literal text: its % and _ match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every question (or those whose title holds `q`), the newest period first, with its number of answers; paged. */
export async function listAll(
  db: Executor,
  options: { q?: string; limit: number; offset: number },
): Promise<{ rows: AdminQuestionRow[]; total: number }> {
  const where = options.q ? ilike(popupQuestions.title, containing(options.q)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ question: popupQuestions, answers: answerCount })
      .from(popupQuestions)
      .where(where)
      .orderBy(desc(popupQuestions.activeFrom), desc(popupQuestions.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(popupQuestions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.question, answers: Number(r.answers) })),
    total: totals[0]?.n ?? 0,
  };
}

export async function countAnswers(db: Executor, questionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(popupAnswers).where(eq(popupAnswers.questionId, questionId));
  return row?.n ?? 0;
}

export async function insertQuestion(db: Executor, row: NewPopupQuestion): Promise<PopupQuestionRow> {
  const [inserted] = await db.insert(popupQuestions).values(row).returning();
  return inserted as PopupQuestionRow;
}

export async function updateQuestion(
  db: Executor,
  id: number,
  values: Partial<NewPopupQuestion>,
): Promise<PopupQuestionRow | null> {
  const [updated] = await db
    .update(popupQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(popupQuestions.id, id))
    .returning();
  return updated ?? null;
}

export async function deleteQuestion(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(popupQuestions).where(eq(popupQuestions.id, id)).returning({ id: popupQuestions.id });
  return rows.length > 0;
}

import {
  conflict,
  fieldError,
  notFound,
  POPUP_OPTION_SEPARATOR,
  POPUP_QUESTION_LIMITS,
  POPUP_QUESTION_MESSAGES,
  splitPopupResponse,
  type TAdminPopupQuestion,
  type TPopupAnswer,
  type TPopupQuestion,
  type ZPopupQuestionBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate } from "../../../platform/zoned-time.ts";
import * as repository from "./repository.ts";

/**
 * Popup questions (spec 001 §3, §4 "Citizen popup questions", §7): administrators write them, each
 * citizen answers each live question once. The access rule of every route (citizens; platform
 * administrators) is declared on the route; here every citizen query is scoped to the caller.
 */

/** Days of the active period are days in Rome, where the platform's users live. */
const today = () => zonedDate(Date.now(), "Europe/Rome");

function presentQuestion(ctx: ModuleContext, row: repository.PopupQuestionRow): TPopupQuestion {
  return {
    ref: ctx.ids.encode(row.id),
    title: row.title,
    description: row.description,
    options: row.options.join(POPUP_OPTION_SEPARATOR),
    multiple: row.multiple,
  };
}

function presentAnswer(ctx: ModuleContext, row: repository.PopupAnswerRow): TPopupAnswer {
  return {
    ref: ctx.ids.encode(row.questionId),
    response: row.response.join(POPUP_OPTION_SEPARATOR),
    created_at: row.createdAt.toISOString(),
  };
}

function presentAdmin(ctx: ModuleContext, row: repository.PopupQuestionRow, answers: number): TAdminPopupQuestion {
  const day = today();
  return {
    id: ctx.ids.encode(row.id),
    title: row.title,
    description: row.description,
    options: row.options,
    multiple: row.multiple,
    active_from: row.activeFrom,
    active_to: row.activeTo,
    active: row.active,
    live: row.active && row.activeFrom <= day && row.activeTo >= day,
    answers,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET users/popup/questions/unanswered`: live today and not yet answered by the citizen. */
export async function unanswered(ctx: ModuleContext, principal: Principal): Promise<TPopupQuestion[]> {
  const rows = await repository.listUnanswered(ctx.db, principal.userId, today(), POPUP_QUESTION_LIMITS.unansweredMax);
  return rows.map((row) => presentQuestion(ctx, row));
}

/**
 * The chosen options of an answer, in the question's order: each one of the question's options,
 * none twice, exactly one for a single-choice question. A 422 on `response` otherwise.
 */
function chosenOptions(question: repository.PopupQuestionRow, response: string): string[] {
  const chosen = splitPopupResponse(response);
  if (chosen.length === 0) throw fieldError("response", POPUP_QUESTION_MESSAGES.responseRequired);
  if (chosen.some((option) => !question.options.includes(option)))
    throw fieldError("response", POPUP_QUESTION_MESSAGES.responseNotAnOption);
  if (new Set(chosen).size !== chosen.length) throw fieldError("response", POPUP_QUESTION_MESSAGES.responseDuplicate);
  if (!question.multiple && chosen.length !== 1) throw fieldError("response", POPUP_QUESTION_MESSAGES.responseSingle);
  return question.options.filter((option) => chosen.includes(option));
}

/**
 * `POST users/popup/questions` `{ ref, response }`: a live question only (else 404); answered once,
 * the unique key deciding between two parallel answers (the other is a 409).
 */
export async function answer(
  ctx: ModuleContext,
  principal: Principal,
  body: { ref: string; response: string },
): Promise<TPopupAnswer> {
  const id = ctx.ids.decode(body.ref);
  return ctx.db.transaction(async (tx) => {
    const question = id === null ? null : await repository.findLive(tx, id, today());
    if (!question) throw notFound(POPUP_QUESTION_MESSAGES.notFound);
    const response = chosenOptions(question, body.response);
    const stored = await repository.insertAnswer(tx, { questionId: question.id, userId: principal.userId, response });
    if (!stored) throw conflict(POPUP_QUESTION_MESSAGES.alreadyAnswered);
    return presentAnswer(ctx, stored);
  });
}

/** `GET users/popup/answers?ref=`: the citizen's own answers (an unknown ref: none). */
export async function answers(
  ctx: ModuleContext,
  principal: Principal,
  query: { ref?: string; page: number; per_page: number },
) {
  const questionId = query.ref === undefined ? undefined : ctx.ids.decode(query.ref);
  const paging = { page: query.page, per_page: query.per_page, total: 0 };
  if (questionId === null) return { data: [], meta: paging };
  const { rows, total } = await repository.listAnswers(ctx.db, principal.userId, {
    questionId,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map((row) => presentAnswer(ctx, row)), meta: { ...paging, total } };
}

// ---------------------------------------------------------------------------------------------
// Administrators (PLATFORM_ADMIN on the routes)

type QuestionBody = z.output<typeof ZPopupQuestionBody>;

const columnsOf = (body: QuestionBody) => ({
  title: body.title,
  description: body.description,
  options: body.options,
  multiple: body.multiple,
  activeFrom: body.active_from,
  activeTo: body.active_to,
  active: body.active,
});

/** `GET admin/popup-questions?q=`: every question (or those whose title holds q), newest period first, with its number of answers. */
export async function list(ctx: ModuleContext, query: { q?: string; page: number; per_page: number }) {
  const { rows, total } = await repository.listAll(ctx.db, {
    q: query.q || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentAdmin(ctx, row, row.answers)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

export async function create(ctx: ModuleContext, request: FastifyRequest, principal: Principal, body: QuestionBody) {
  return ctx.db.transaction(async (tx) => {
    const row = await repository.insertQuestion(tx, { ...columnsOf(body), createdBy: principal.userId });
    await recordAudit(tx, actorOf(request), {
      action: "notifications.popup_question.created",
      entity: "popup_question",
      entityId: row.id,
      detail: { title: row.title, active_from: row.activeFrom, active_to: row.activeTo },
    });
    return presentAdmin(ctx, row, 0);
  });
}

/**
 * `PUT admin/popup-questions/{id}`: the whole question. Answers already given stay as they were
 * recorded, even if their options change (they are what the citizen chose).
 */
export async function update(ctx: ModuleContext, request: FastifyRequest, hashid: string, body: QuestionBody) {
  const id = ctx.ids.decode(hashid);
  return ctx.db.transaction(async (tx) => {
    const row = id === null ? null : await repository.updateQuestion(tx, id, columnsOf(body));
    if (!row) throw notFound(POPUP_QUESTION_MESSAGES.notFound);
    await recordAudit(tx, actorOf(request), {
      action: "notifications.popup_question.updated",
      entity: "popup_question",
      entityId: row.id,
      detail: { title: row.title, active: row.active, active_from: row.activeFrom, active_to: row.activeTo },
    });
    return presentAdmin(ctx, row, await repository.countAnswers(tx, row.id));
  });
}

/** `DELETE admin/popup-questions/{id}`: the question and its answers. */
export async function remove(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<void> {
  const id = ctx.ids.decode(hashid);
  await ctx.db.transaction(async (tx) => {
    if (id === null || !(await repository.deleteQuestion(tx, id))) throw notFound(POPUP_QUESTION_MESSAGES.notFound);
    await recordAudit(tx, actorOf(request), {
      action: "notifications.popup_question.deleted",
      entity: "popup_question",
      entityId: id,
    });
  });
}

import {
  POPUP_QUESTION_MESSAGES,
  ZAdminPopupQuestionResponse,
  ZAdminPopupQuestionsQuery,
  ZAdminPopupQuestionsResponse,
  ZMessage,
  ZPopupAnswerBody,
  ZPopupAnswerResponse,
  ZPopupAnswersQuery,
  ZPopupAnswersResponse,
  ZPopupQuestionBody,
  ZPopupQuestionIdParams,
  ZPopupQuestionsResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { CITIZEN, PLATFORM_ADMIN } from "./access-rules.ts";
import * as service from "./service.ts";

const tags = ["notifications"];

/** Popup questions: the citizen's calls (spec 001 §7) and the administrators' (issue 12 settings page). */
export const popupQuestionsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/popup/questions/unanswered",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The popup questions live today that the citizen has not answered, oldest first (50 at most)",
        response: { 200: ZPopupQuestionsResponse },
      },
    },
    async (request) => ({ data: await service.unanswered(ctx, principalOf(request)) }),
  );

  app.post(
    "/users/popup/questions",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "Answer a live popup question once: response is the chosen options joined by commas (one only for single choice)",
        body: ZPopupAnswerBody,
        response: { 201: ZPopupAnswerResponse },
      },
    },
    async (request, reply) => {
      const stored = await service.answer(ctx, principalOf(request), request.body);
      return reply.code(201).send({ message: POPUP_QUESTION_MESSAGES.thanks, data: stored });
    },
  );

  app.get(
    "/users/popup/answers",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's own popup answers, newest first (ref: to one question); paged",
        querystring: ZPopupAnswersQuery,
        response: { 200: ZPopupAnswersResponse },
      },
    },
    async (request) => service.answers(ctx, principalOf(request), request.query),
  );

  app.get(
    "/admin/popup-questions",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Every popup question, newest period first, with its number of answers; paged",
        querystring: ZAdminPopupQuestionsQuery,
        response: { 200: ZAdminPopupQuestionsResponse },
      },
    },
    async (request) => service.list(ctx, request.query),
  );

  app.post(
    "/admin/popup-questions",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Write a popup question: title, description, options, single or multiple choice, active period",
        body: ZPopupQuestionBody,
        response: { 201: ZAdminPopupQuestionResponse },
      },
    },
    async (request, reply) => {
      const created = await service.create(ctx, request, principalOf(request), request.body);
      return reply.code(201).send({ message: POPUP_QUESTION_MESSAGES.saved, data: created });
    },
  );

  app.put(
    "/admin/popup-questions/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Change a popup question (the whole of it); answers already given stay as recorded",
        params: ZPopupQuestionIdParams,
        body: ZPopupQuestionBody,
        response: { 200: ZAdminPopupQuestionResponse },
      },
    },
    async (request) => ({
      message: POPUP_QUESTION_MESSAGES.saved,
      data: await service.update(ctx, request, request.params.id, request.body),
    }),
  );

  app.delete(
    "/admin/popup-questions/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Remove a popup question and its answers",
        params: ZPopupQuestionIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.remove(ctx, request, request.params.id);
      return { message: POPUP_QUESTION_MESSAGES.removed };
    },
  );
};

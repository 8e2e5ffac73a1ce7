import {
  SESSION_MESSAGES as M,
  USER_TYPES,
  ZCompilationListQuery,
  ZCompilationPagedResponse,
  ZCompilationProgressResponse,
  ZCompilationResponse,
  ZCompilationStartBody,
  ZCompilationUpdateBody,
  ZHashParams,
  ZIdParams,
  ZMessage,
  ZPageQuery,
  ZSessionAddSurveyBody,
  ZSessionCreateBody,
  ZSessionEnableBody,
  ZSessionEnablementPagedResponse,
  ZSessionListQuery,
  ZSessionReorderBody,
  ZSessionUpdateBody,
  ZSubmitSurveyBody,
  ZSurveyPagedResponse,
  ZSurveySessionPagedResponse,
  ZSurveySessionResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/audit/audit.ts";
import { type Access, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as service from "./service.ts";
import { defineSignatureClock, deleteCompilation } from "./signatures.ts";

const tags = ["sessions"];

/**
 * Operators ('gestire attività e questionari' builds sessions, either it or 'somministrare
 * questionari' administers them: checked by the service, as the route rule can only require all of
 * its strings) and administrators.
 */
const BACK_OFFICE: Access = { types: [USER_TYPES.operator, USER_TYPES.admin] };
const OPERATOR: Access = { types: [USER_TYPES.operator] };
const ADMIN: Access = { types: [USER_TYPES.admin] };
const CITIZEN: Access = { types: [USER_TYPES.citizen] };

/** Survey sessions and their compilations (spec 002 §7 "Survey sessions"; issue 13). */
export const sessionsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  defineSignatureClock(ctx);

  // ---- Sessions ----
  app.get(
    "/survey-sessions",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Survey sessions: an administrator's all, an operator's those enabled for the company (paged)",
        querystring: ZSessionListQuery,
        response: { 200: ZSurveySessionPagedResponse },
      },
    },
    async (request) => service.listSessions(ctx, principalOf(request), request.query),
  );

  app.get(
    "/companies/own/survey-sessions",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The sessions enabled for the operator's company (paged)",
        querystring: ZSessionListQuery,
        response: { 200: ZSurveySessionPagedResponse },
      },
    },
    async (request) => service.listSessions(ctx, principalOf(request), request.query, true),
  );

  app.get(
    "/companies/own/survey-sessions/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A session enabled for the operator's company",
        params: ZIdParams,
        response: { 200: ZSurveySessionResponse },
      },
    },
    async (request) => ({ data: await service.getOwnSession(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    "/survey-sessions/available-surveys",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "The surveys the caller may put in a session (a manager's company's enabled ones; paged)",
        querystring: ZPageQuery,
        response: { 200: ZSurveyPagedResponse },
      },
    },
    async (request) => service.availableSurveys(ctx, principalOf(request), request.query),
  );

  app.post(
    "/survey-sessions",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Create a session: a manager's for the company (enabled for it), an administrator's for the platform",
        body: ZSessionCreateBody,
        response: { 201: ZSurveySessionResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.createSession(ctx, principalOf(request), request.body) }),
  );

  app.get(
    "/survey-sessions/:id",
    {
      config: { access: BACK_OFFICE },
      schema: { tags, summary: "A session", params: ZIdParams, response: { 200: ZSurveySessionResponse } },
    },
    async (request) => ({ data: await service.getSession(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    "/survey-sessions/:id",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary:
          "Edit a session; `status` completata (from in_corso) or annullata (from in_attesa, in_corso), else 409",
        params: ZIdParams,
        body: ZSessionUpdateBody,
        response: { 200: ZSurveySessionResponse },
      },
    },
    async (request) => ({
      data: await service.updateSession(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/survey-sessions/:id",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Delete a session; 409 once any compilation exists",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.deleteSession(ctx, principalOf(request), request.params.id);
      return { message: M.deleted };
    },
  );

  app.post(
    "/survey-sessions/:id/add-survey",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Append surveys to a session (only while it has no compilation)",
        params: ZIdParams,
        body: ZSessionAddSurveyBody,
        response: { 200: ZSurveySessionResponse },
      },
    },
    async (request) => ({
      data: await service.addSurveys(ctx, principalOf(request), request.params.id, request.body.surveys),
    }),
  );

  app.put(
    "/survey-sessions/:id/reorder",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary:
          "Reorder a session's surveys: `ordered_items` a permutation of them (only while it has no compilation)",
        params: ZIdParams,
        body: ZSessionReorderBody,
        response: { 200: ZSurveySessionResponse },
      },
    },
    async (request) => ({
      data: await service.reorder(ctx, principalOf(request), request.params.id, request.body.ordered_items),
    }),
  );

  app.get(
    "/survey-sessions/:id/filled-sessions",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "A session's compilations (a manager the company's, an administering operator their own; paged)",
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZCompilationPagedResponse },
      },
    },
    async (request) => service.compilationsOfSession(ctx, principalOf(request), request.params.id, request.query),
  );

  app.post(
    "/survey-sessions/enable/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Enable or disable a session for a company (administrators)",
        params: ZHashParams,
        body: ZSessionEnableBody,
        response: { 200: ZSessionEnablementPagedResponse },
      },
    },
    async (request) => service.enableSession(ctx, principalOf(request), request.params.hash, request.body),
  );

  // ---- Compilations ----
  for (const url of ["/companies/own/filled-survey-sessions/start", "/filled-survey-sessions"]) {
    app.post(
      url,
      {
        config: { access: OPERATOR },
        schema: {
          tags,
          summary:
            "Start a compilation of a session for a patient (in_chiaro: `user`; pseudonimizzata: `pseudonym`); 403 when the operator's role is not allowed",
          body: ZCompilationStartBody,
          response: { 201: ZCompilationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.startCompilation(ctx, principalOf(request), request.body) }),
    );
  }

  app.get(
    "/filled-survey-sessions",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Compilations: an administrator's all, a manager's the company's, an administering operator's own",
        querystring: ZCompilationListQuery,
        response: { 200: ZCompilationPagedResponse },
      },
    },
    async (request) => service.listCompilations(ctx, principalOf(request), request.query),
  );

  app.get(
    "/filled-survey-sessions/:id",
    {
      config: { access: BACK_OFFICE },
      schema: { tags, summary: "A compilation", params: ZIdParams, response: { 200: ZCompilationResponse } },
    },
    async (request) => ({ data: await service.getCompilation(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    "/filled-survey-sessions/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Sign a completed compilation (its operator) or abandon an open one",
        params: ZIdParams,
        body: ZCompilationUpdateBody,
        response: { 200: ZCompilationResponse },
      },
    },
    async (request) => ({
      data: await service.updateCompilation(ctx, principalOf(request), request.params.id, request.body.action),
    }),
  );

  app.delete(
    "/filled-survey-sessions/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Delete an unsigned compilation and its fills (its operator, the company's managers)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await deleteCompilation(ctx, principalOf(request), actorOf(request), request.params.id);
      return { message: M.compilationDeleted };
    },
  );

  app.get(
    "/filled-survey-sessions/:id/progress",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "A compilation's progress: submitted / total, and the next survey",
        params: ZIdParams,
        response: { 200: ZCompilationProgressResponse },
      },
    },
    async (request) => ({ data: await service.compilationProgress(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/filled-survey-sessions/:id/submit-survey",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Submit the next survey of the compilation, in order only: its answers, or a fill already saved (`filled_survey_id`)",
        params: ZIdParams,
        body: ZSubmitSurveyBody,
        response: { 200: ZCompilationResponse },
      },
    },
    async (request) => ({
      data: await service.submitSurvey(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    "/companies/own/filled-survey-sessions/user/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A patient's compilations at the operator's company (paged)",
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZCompilationPagedResponse },
      },
    },
    async (request) => service.compilationsOfPatient(ctx, principalOf(request), request.params.id, request.query),
  );

  // ---- The citizen's own (in-clear) compilations ----
  app.get(
    "/users/own/filled-survey-sessions",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's own compilations (in-clear sessions; paged)",
        querystring: ZPageQuery,
        response: { 200: ZCompilationPagedResponse },
      },
    },
    async (request) => service.ownCompilations(ctx, principalOf(request), request.query),
  );

  app.get(
    "/users/own/filled-survey-sessions/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "One of the citizen's compilations",
        params: ZIdParams,
        response: { 200: ZCompilationResponse },
      },
    },
    async (request) => ({ data: await service.getOwnCompilation(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    "/users/own/filled-survey-sessions/:id/progress",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The progress of one of the citizen's compilations",
        params: ZIdParams,
        response: { 200: ZCompilationProgressResponse },
      },
    },
    async (request) => ({
      data: await service.compilationProgress(ctx, principalOf(request), request.params.id, true),
    }),
  );
};

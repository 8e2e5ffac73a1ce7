import type { Readable } from "node:stream";
import {
  SURVEY_MESSAGES as M,
  USER_TYPES,
  ZActivityBody,
  ZActivityFillsQuery,
  ZActivityListQuery,
  ZActivityPagedResponse,
  ZActivityResponse,
  ZActivityStatusBody,
  ZActivityWithSurveysPagedResponse,
  ZAslFillBody,
  ZCompanyParams,
  ZConnectedSurveyPagedResponse,
  ZConnectedSurveysQuery,
  ZEnableBody,
  ZEnablementPagedResponse,
  ZFillBody,
  ZFillPagedResponse,
  ZFillResponse,
  ZFillUpdateBody,
  ZHashParams,
  ZIdParams,
  ZInformativaResponse,
  ZMessage,
  ZPageQuery,
  ZPatientFillBody,
  ZReportFilterBody,
  ZReservationFillBody,
  ZSurveyActiveBody,
  ZSurveyCreateBody,
  ZSurveyDraftBody,
  ZSurveyDraftResponse,
  ZSurveyEditBody,
  ZSurveyListQuery,
  ZSurveyPagedResponse,
  ZSurveyResponse,
  ZSurveyStatusBody,
  ZSuspendedFillBody,
  ZSuspendedSurveyResponse,
} from "@cura/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { XLSX_TYPE } from "../admin/index.ts";
import * as activities from "./activities.ts";
import * as definitions from "./definitions.ts";
import * as drafts from "./drafts.ts";
import { fillPdf, fillsWorkbook } from "./exports.ts";
import * as fills from "./fills.ts";
import { irstRoutes } from "./irst/routes.ts";
import * as links from "./links.ts";
import * as reports from "./reports.ts";

const tags = ["surveys"];

/**
 * Operators (the permission 'gestire attività e questionari' or 'somministrare questionari', checked
 * by the services: the route rule can only require all of its strings) and administrators.
 */
const BACK_OFFICE: Access = { types: [USER_TYPES.operator, USER_TYPES.admin] };
/** Only operators of a company (the company's own lists). */
const OPERATOR: Access = { types: [USER_TYPES.operator] };
/** Administrators enable activities and surveys per company and set their status. */
const ADMIN: Access = { types: [USER_TYPES.admin] };
/** Citizens fill surveys for themselves. */
const CITIZEN: Access = { types: [USER_TYPES.citizen] };
/** Reading a survey or a fill: citizens (open surveys, their own fills), operators, administrators. */
const ANYONE: Access = {};

/** Activities (raccolte), surveys (questionari) and fills (spec 002 §7 "Screening activities and surveys"). */
export const surveysRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  drafts.defineDraftPurge(ctx);
  // IRST, the oncology therapy reconciliation (surveys/irst).
  await app.register(irstRoutes, { ctx });

  // ---- Activities ----
  app.get(
    "/activities",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Activities: an operator's those enabled for the company, an administrator's all (paged; q by name)",
        querystring: ZActivityListQuery,
        response: { 200: ZActivityPagedResponse },
      },
    },
    async (request) => activities.listActivities(ctx, principalOf(request), request.query),
  );

  app.post(
    "/activities",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary:
          "Create an activity: a manager's for the company (enabled for it), an administrator's for the platform",
        body: ZActivityBody,
        response: { 201: ZActivityResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await activities.createActivity(ctx, principalOf(request), request.body) }),
  );

  app.get(
    "/activities/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: { tags, summary: "An activity", params: ZHashParams, response: { 200: ZActivityResponse } },
    },
    async (request) => ({ data: await activities.getActivity(ctx, principalOf(request), request.params.hash) }),
  );

  app.put(
    "/activities/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Edit an activity (its company's managers, administrators)",
        params: ZHashParams,
        body: ZActivityBody,
        response: { 200: ZActivityResponse },
      },
    },
    async (request) => ({
      data: await activities.updateActivity(ctx, principalOf(request), request.params.hash, request.body),
    }),
  );

  app.delete(
    "/activities/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Delete an activity and its surveys; 409 when any survey has fills",
        params: ZHashParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await activities.deleteActivity(ctx, principalOf(request), request.params.hash);
      return { message: M.activityDeleted };
    },
  );

  app.put(
    "/activities/status/update/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Set an activity's status (attiva, sospesa, conclusa): only an active one takes fills",
        params: ZHashParams,
        body: ZActivityStatusBody,
        response: { 200: ZActivityResponse },
      },
    },
    async (request) => ({
      data: await activities.setActivityStatus(ctx, principalOf(request), request.params.hash, request.body.status),
    }),
  );

  app.post(
    "/activities/enable/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Enable or disable an activity for a company (administrators)",
        params: ZHashParams,
        body: ZEnableBody,
        response: { 200: ZEnablementPagedResponse },
      },
    },
    async (request) => activities.enableActivity(ctx, principalOf(request), request.params.hash, request.body),
  );

  app.get(
    "/activities/abilitate/list/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "The companies an activity is enabled or disabled for (administrators; paged)",
        params: ZHashParams,
        querystring: ZPageQuery,
        response: { 200: ZEnablementPagedResponse },
      },
    },
    async (request) => activities.listEnablements(ctx, principalOf(request), request.params.hash, request.query),
  );

  app.get(
    "/companies/own/activities/with-surveys",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's enabled activities, each with its enabled surveys (paged by activity)",
        querystring: ZPageQuery,
        response: { 200: ZActivityWithSurveysPagedResponse },
      },
    },
    async (request) => activities.activitiesWithSurveys(ctx, principalOf(request), request.query),
  );

  // ---- Surveys ----
  app.post(
    "/activities/surveys/new",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Create a survey in an activity (its managers, administrators); the template is checked",
        body: ZSurveyCreateBody,
        response: { 201: ZSurveyResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await definitions.createSurvey(ctx, principalOf(request), request.body) }),
  );

  app.get(
    "/activities/surveys/get/:id",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "A survey with its template: operators and administrators as enabled, citizens an open survey",
        params: ZIdParams,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => ({ data: await definitions.getSurvey(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    "/activities/surveys/:id/informativa",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "A survey's privacy notice and consent text",
        params: ZIdParams,
        response: { 200: ZInformativaResponse },
      },
    },
    async (request) => ({ data: await definitions.getInformativa(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    "/activities/surveys/edit/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Edit a survey: a changed template is a new version; old fills keep the template they answered",
        params: ZHashParams,
        body: ZSurveyEditBody,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => ({
      data: await definitions.editSurvey(ctx, principalOf(request), request.params.hash, request.body),
    }),
  );

  app.put(
    "/activities/surveys/active/update/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "Activate or deactivate a survey (its managers, administrators)",
        params: ZHashParams,
        body: ZSurveyActiveBody,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => ({
      data: await definitions.setSurveyActive(ctx, principalOf(request), request.params.hash, request.body.active),
    }),
  );

  app.put(
    "/activities/surveys/status/update/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Set a survey's status (attivo, sospeso; administrators)",
        params: ZHashParams,
        body: ZSurveyStatusBody,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => ({
      data: await definitions.setSurveyStatus(ctx, principalOf(request), request.params.hash, request.body.status),
    }),
  );

  app.post(
    "/activities/surveys/enable/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Enable or disable a survey for a company whose activity is enabled (administrators)",
        params: ZHashParams,
        body: ZEnableBody,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => ({
      data: await definitions.enableSurvey(ctx, principalOf(request), request.params.hash, request.body),
    }),
  );

  app.get(
    "/activities/own/surveys",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary:
          "The surveys enabled for the operator's company (administrators: all); paged, optionally of an activity",
        querystring: ZSurveyListQuery,
        response: { 200: ZSurveyPagedResponse },
      },
    },
    async (request) => definitions.ownSurveys(ctx, principalOf(request), request.query),
  );

  // ---- Fills ----
  app.post(
    "/activities/surveys/filled/new",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "A citizen's fill of an open survey: checked again (hidden answers dropped), scored, stored; with session_id, the next survey of the citizen's own in-clear session compilation",
        body: ZFillBody,
        response: { 201: ZFillResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await fills.fillOwn(ctx, principalOf(request), request.body) }),
  );

  app.post(
    "/activities/surveys/filled/patient",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "An operator's fill for a patient of the company",
        body: ZPatientFillBody,
        response: { 201: ZFillResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await fills.fillForPatient(ctx, principalOf(request), request.body) }),
  );

  app.post(
    "/activities/surveys/filled/asl/new",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "An operator's fill on one of the company's ASL appointments (a booking of its ref-5 services), for its patient; once per survey and appointment",
        body: ZAslFillBody,
        response: { 201: ZFillResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await links.fillOnAslAppointment(ctx, principalOf(request), request.body) }),
  );

  app.get(
    "/activities/surveys/filled/get/:id",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "A fill with the template it answered (each answer in its question's a)",
        params: ZIdParams,
        response: { 200: ZFillResponse },
      },
    },
    async (request) => ({ data: await fills.getFill(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    "/activities/surveys/filled/all/:hash",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "A survey's fills: a manager's company's, an administrator's all (paged)",
        params: ZHashParams,
        querystring: ZPageQuery,
        response: { 200: ZFillPagedResponse },
      },
    },
    async (request) => fills.fillsOfSurvey(ctx, principalOf(request), request.params.hash, request.query),
  );

  app.get(
    "/activities/surveys/filled/user/:id",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "A person's fills: one's own, a patient's kept by the company, any for administrators (paged)",
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZFillPagedResponse },
      },
    },
    async (request) => fills.fillsOfUser(ctx, principalOf(request), request.params.id, request.query),
  );

  app.put(
    "/activities/surveys/filled/:id",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "Change a fill's answers (its author or the company's managers), checked against its template",
        params: ZIdParams,
        body: ZFillUpdateBody,
        response: { 200: ZFillResponse },
      },
    },
    async (request) => ({
      data: await fills.updateFill(ctx, principalOf(request), request.params.id, request.body.answers),
    }),
  );

  app.delete(
    "/activities/surveys/filled/:id",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary: "Delete a fill and the files only it used",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await fills.deleteFill(ctx, principalOf(request), request.params.id);
      return { message: M.fillDeleted };
    },
  );

  // ---- Drafts: save and resume (beyond the spec) ----
  app.get(
    "/activities/surveys/draft/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's draft of a survey (answers so far, where to resume), or null; kept 30 days",
        params: ZIdParams,
        response: { 200: ZSurveyDraftResponse },
      },
    },
    async (request) => ({ data: await drafts.getDraft(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    "/activities/surveys/draft/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "Save the citizen's draft of a survey (one per person and survey; the fill that completes it removes it)",
        params: ZIdParams,
        body: ZSurveyDraftBody,
        response: { 200: ZSurveyDraftResponse },
      },
    },
    async (request) => ({
      data: await drafts.saveDraft(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/activities/surveys/draft/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Discard the citizen's draft of a survey (start over)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await drafts.deleteDraft(ctx, principalOf(request), request.params.id);
      return { message: M.draftDeleted };
    },
  );

  // ---- Exports ----
  for (const [path, ownOnly, summary] of [
    ["/activities/surveys/filled/pdf/:id", false, "A fill as PDF, for whoever may read it"],
    ["/activities/survey/filled/pdf/:id", true, "The person's own fill as PDF"],
  ] as const) {
    app.get(
      path,
      { config: { access: ANYONE }, schema: { tags, summary, params: ZIdParams } },
      async (request, reply) => {
        const pdf = await fillPdf(ctx, principalOf(request), request.params.id, ownOnly);
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="${pdf.name}.pdf"`)
          .header("cache-control", "private, no-store")
          .send(pdf.bytes);
      },
    );
  }

  app.get(
    "/activities/surveys/filled/xls/:id",
    {
      config: { access: BACK_OFFICE, download: true },
      schema: {
        tags,
        summary: "A survey's fills as XLS: a row per fill, a column per question (streamed)",
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const workbook = await fillsWorkbook(ctx, principalOf(request), request.params.id, request.log);
      return reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", `attachment; filename="${workbook.name}.xlsx"`)
        .header("cache-control", "private, no-store")
        .send(workbook.stream);
    },
  );
  // ---- Surveys of health services and reservations ----
  app.get(
    "/companies/connessa/surveys/:company",
    {
      config: { access: ANYONE },
      schema: {
        tags,
        summary:
          "The open surveys a company's health services ask for (the booking wizard; paged, optionally of a service)",
        params: ZCompanyParams,
        querystring: ZConnectedSurveysQuery,
        response: { 200: ZConnectedSurveyPagedResponse },
      },
    },
    async (request) => links.connectedSurveys(ctx, principalOf(request), request.params.company, request.query),
  );

  app.post(
    "/reservations/survey/filled/new",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "The citizen's fill of the survey attached to a reservation's service, saved on the reservation (once)",
        body: ZReservationFillBody,
        response: { 201: ZFillResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await links.fillOnReservation(ctx, principalOf(request), request.body) }),
  );

  // ---- The mandatory survey of custom teleconsults ----
  app.get(
    "/activities/surveys/suspended/get/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's suspended survey of a teleconsult request; 404 once filled",
        params: ZIdParams,
        response: { 200: ZSuspendedSurveyResponse },
      },
    },
    async (request) => ({ data: await links.getSuspended(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/activities/survey/suspended/filled",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Fill a suspended survey (checked like any fill), saved on the request's reservation",
        body: ZSuspendedFillBody,
        response: { 201: ZFillResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await links.fillSuspended(ctx, principalOf(request), request.body) }),
  );

  // ---- Activity reports ----
  app.get(
    "/activities/surveys/filled/activity/:hash",
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "An activity's fills across its surveys (administrators; paged; dates and company filters)",
        params: ZHashParams,
        querystring: ZActivityFillsQuery,
        response: { 200: ZFillPagedResponse },
      },
    },
    async (request) => reports.fillsOfActivity(ctx, principalOf(request), request.params.hash, request.query),
  );

  app.get(
    "/activities/report/filled/pdf/:id",
    {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary: "An activity's report as PDF: fills per survey, company and score band (a manager: the company's)",
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const pdf = await reports.activityPdf(ctx, principalOf(request), request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${pdf.name}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf.bytes);
    },
  );

  const sendActivityWorkbook = (reply: FastifyReply, workbook: { name: string; stream: Readable }) =>
    reply
      .header("content-type", XLSX_TYPE)
      .header("content-disposition", `attachment; filename="${workbook.name}.xlsx"`)
      .header("cache-control", "private, no-store")
      .send(workbook.stream);

  app.get(
    "/activities/report/filled/xls/:id",
    {
      config: { access: BACK_OFFICE, download: true },
      schema: {
        tags,
        summary: "An activity's fills as XLS: a row per fill, a column per question of each survey (streamed)",
        params: ZIdParams,
      },
    },
    async (request, reply) =>
      sendActivityWorkbook(
        reply,
        await reports.activityWorkbook(ctx, principalOf(request), request.params.id, {}, request.log),
      ),
  );

  app.post(
    "/activities/report/filled/xls/:hash",
    {
      config: { access: BACK_OFFICE, download: true },
      schema: {
        tags,
        summary: "An activity's fills as XLS with filters (dates, company)",
        params: ZHashParams,
        body: ZReportFilterBody,
      },
    },
    async (request, reply) =>
      sendActivityWorkbook(
        reply,
        await reports.activityWorkbook(ctx, principalOf(request), request.params.hash, request.body, request.log),
      ),
  );
};

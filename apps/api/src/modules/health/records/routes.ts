import {
  OPERATOR_PERMISSIONS,
  USER_TYPES,
  ZAnamnesisBody,
  ZAnamnesisListQuery,
  ZAnamnesisListResponse,
  ZAnamnesisResponse,
  ZAnnotationBody,
  ZAnnotationCreateBody,
  ZAnnotationListQuery,
  ZAnnotationListResponse,
  ZAnnotationResponse,
  ZClinicalReportListQuery,
  ZClinicalReportListResponse,
  ZClinicalReportResponse,
  ZDocumentFields,
  ZDocumentUpdateBody,
  ZHashid,
  ZHealthDocumentListQuery,
  ZHealthDocumentListResponse,
  ZHealthDocumentResponse,
  ZHealthReadListResponse,
  ZHealthReadQuery,
  ZIpsQuery,
  ZMessage,
  ZReportSettingsBody,
  ZReportSettingsResponse,
  ZSignedReportBody,
  ZUploadedReportFields,
} from "@cura/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { readUpload } from "../../files/index.ts";
import * as anamnesis from "./anamnesis.ts";
import * as annotations from "./annotations.ts";
import * as documents from "./documents.ts";
import { registerHealthRecordFileRules } from "./file-rules.ts";
import { exportIps } from "./ips.ts";
import { defineHealthReadPurge } from "./purge.ts";
import * as reads from "./reads.ts";
import * as reports from "./reports.ts";

const tags = ["health"];
const ZIdParams = z.object({ id: ZHashid });

/**
 * Who reaches these routes at all: citizens (their file, or one they assist) and operators (their
 * company's patients); the record-level rule (health/access.ts) runs first in every service.
 * Administrators read no clinical data: 403 here.
 */
const PEOPLE: Access = { types: [USER_TYPES.citizen, USER_TYPES.operator] };
const CITIZEN: Access = { types: [USER_TYPES.citizen] };
const OPERATOR: Access = { types: [USER_TYPES.operator] };
const SETTINGS: Access = {
  types: [USER_TYPES.operator],
  permissions: [OPERATOR_PERMISSIONS.manageServiceSettings],
};

function sendFile(reply: FastifyReply, file: { name: string; mimeType: string; bytes: Buffer }) {
  return reply
    .header("content-type", file.mimeType)
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header("cache-control", "private, no-store")
    .send(file.bytes);
}

/** The health file's records: anamnesis, notes, clinical reports, documents, who read it, the IPS. */
export const healthRecordsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  registerHealthRecordFileRules();
  defineHealthReadPurge(ctx);

  // ── anamnesis ──
  app.get(
    "/anamnesi/users/all/:id",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary:
          "A person's anamnesis by category (allergies, past events, surgery and hospital stays, adverse drug reactions, family conditions)",
        params: ZIdParams,
        querystring: ZAnamnesisListQuery,
        response: { 200: ZAnamnesisListResponse },
      },
    },
    async (request) => anamnesis.listAnamnesis(ctx, request, request.params.id, request.query),
  );
  app.post(
    "/anamnesi",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Add an anamnesis entry (user_id: someone else's file)",
        body: ZAnamnesisBody,
        response: { 201: ZAnamnesisResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await anamnesis.addAnamnesis(ctx, request, request.body)),
  );
  app.delete(
    "/anamnesi/:id",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Remove an anamnesis entry (its author)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await anamnesis.deleteAnamnesis(ctx, request, request.params.id) }),
  );

  // ── annotations ──
  app.get(
    "/annotations/users/all",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Operator: the company's notes on all its patients; citizen: the visible notes on their own file",
        querystring: ZAnnotationListQuery,
        response: { 200: ZAnnotationListResponse },
      },
    },
    async (request) => annotations.listAnnotations(ctx, request, request.query),
  );
  app.get(
    "/annotations/users/all/:id",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "One person's notes: the operator's company's (hidden included); the person's side, the visible ones",
        params: ZIdParams,
        querystring: ZAnnotationListQuery,
        response: { 200: ZAnnotationListResponse },
      },
    },
    async (request) => annotations.listPatientAnnotations(ctx, request, request.params.id, request.query),
  );
  app.post(
    "/annotations",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Write a note on a patient (user_id), simple or SOAP, visible or hidden",
        body: ZAnnotationCreateBody,
        response: { 201: ZAnnotationResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await annotations.addAnnotation(ctx, request, request.body.user_id, request.body)),
  );
  app.post(
    "/annotations/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Write a note on the patient {id}, simple or SOAP, visible or hidden",
        params: ZIdParams,
        body: ZAnnotationBody,
        response: { 201: ZAnnotationResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await annotations.addAnnotation(ctx, request, request.params.id, request.body)),
  );
  app.put(
    "/annotations/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Change a note (its author)",
        params: ZIdParams,
        body: ZAnnotationBody,
        response: { 200: ZAnnotationResponse },
      },
    },
    async (request) => annotations.updateAnnotation(ctx, request, request.params.id, request.body),
  );
  app.delete(
    "/annotations/:id",
    {
      config: { access: OPERATOR },
      schema: { tags, summary: "Delete a note (its author)", params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) => ({ message: await annotations.deleteAnnotation(ctx, request, request.params.id) }),
  );

  // ── clinical reports ──
  app.get(
    "/clinicalreports",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Clinical reports: the operator's company's (user_id: one patient; discharge), or the person's own",
        querystring: ZClinicalReportListQuery,
        response: { 200: ZClinicalReportListResponse },
      },
    },
    async (request) => reports.listReports(ctx, request, request.query),
  );
  app.post(
    "/clinicalreports",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Sign a written report (JSON) or upload one (multipart: file, title, user_id, discharge)",
        description:
          "JSON: user_id, title, body, register_id, discharge, otp {hashid, code} where the company requires a one-time code. Multipart: only with the company's active subscription (403 'Servizio non attivo').",
        consumes: ["application/json", "multipart/form-data"],
        response: { 201: ZClinicalReportResponse },
      },
    },
    async (request, reply) => {
      if (request.isMultipart()) {
        const { files, fields } = await readUpload(request);
        const parsed = ZUploadedReportFields.parse(fields);
        return reply.status(201).send(await reports.uploadReport(ctx, request, parsed, files));
      }
      const body = ZSignedReportBody.parse(request.body ?? {});
      return reply.status(201).send(await reports.signReport(ctx, request, body));
    },
  );
  app.get(
    "/clinicalreports/settings",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's report rules (one-time code to sign; uploads allowed)",
        response: { 200: ZReportSettingsResponse },
      },
    },
    async (request) => ({ data: await reports.reportSettings(ctx, request) }),
  );
  app.put(
    "/clinicalreports/settings",
    {
      config: { access: SETTINGS },
      schema: {
        tags,
        summary: "Require (or not) a one-time code to the signer's phone before a report is signed",
        body: ZReportSettingsBody,
        response: { 200: ZReportSettingsResponse },
      },
    },
    async (request) => ({ data: await reports.updateReportSettings(ctx, request, request.body.otp_required) }),
  );
  app.get(
    "/clinicalreports/:id/file",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Download a report (the person's first download marks it 'scaricato')",
        params: ZIdParams,
      },
    },
    async (request, reply) => sendFile(reply, await reports.downloadReport(ctx, request, request.params.id)),
  );

  // ── documents ──
  const uploadDocument = async (
    request: Parameters<typeof documents.addDocument>[1],
    reply: FastifyReply,
    own: boolean,
  ) => {
    const { files, fields } = await readUpload(request);
    const parsed = ZDocumentFields.parse(fields);
    if (own) parsed.user_id = undefined;
    return reply.status(201).send(await documents.addDocument(ctx, request, parsed, files));
  };
  app.get(
    "/patientarchives",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "A person's health-file documents (user_id; archived: the archived ones)",
        querystring: ZHealthDocumentListQuery,
        response: { 200: ZHealthDocumentListResponse },
      },
    },
    async (request) => documents.listDocuments(ctx, request, request.query.user_id, request.query),
  );
  app.post(
    "/patientarchives",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Upload a document to a person's file (multipart: file, name, date, user_id)",
        consumes: ["multipart/form-data"],
        response: { 201: ZHealthDocumentResponse },
      },
    },
    async (request, reply) => uploadDocument(request, reply, false),
  );
  app.put(
    "/patientarchives/:id",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Rename, redate, archive or restore a document (its uploader)",
        params: ZIdParams,
        body: ZDocumentUpdateBody,
        response: { 200: ZHealthDocumentResponse },
      },
    },
    async (request) => documents.updateDocument(ctx, request, request.params.id, request.body),
  );
  app.delete(
    "/patientarchives/:id",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary: "Delete a document and its file (its uploader)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await documents.deleteDocument(ctx, request, request.params.id, false) }),
  );
  app.get(
    "/patientarchives/:id/file",
    {
      config: { access: PEOPLE },
      schema: { tags, summary: "Download a document", params: ZIdParams },
    },
    async (request, reply) => sendFile(reply, await documents.downloadDocument(ctx, request, request.params.id)),
  );
  app.get(
    "/users/own/patientarchives",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The caller's own health-file documents",
        querystring: ZHealthDocumentListQuery.omit({ user_id: true }),
        response: { 200: ZHealthDocumentListResponse },
      },
    },
    async (request) => documents.listDocuments(ctx, request, undefined, request.query),
  );
  app.post(
    "/users/own/patientarchives",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Upload a document to one's own file (multipart: file, name, date)",
        consumes: ["multipart/form-data"],
        response: { 201: ZHealthDocumentResponse },
      },
    },
    async (request, reply) => uploadDocument(request, reply, true),
  );
  app.delete(
    "/users/own/patientarchives/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Delete a document of one's own file (its uploader)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await documents.deleteDocument(ctx, request, request.params.id, true) }),
  );

  // ── who read my data; the patient summary ──
  app.get(
    "/users/own/healthreads",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "'Chi ha consultato i miei dati': reads of one's data by others (section, role, from, to)",
        querystring: ZHealthReadQuery,
        response: { 200: ZHealthReadListResponse },
      },
    },
    async (request) => reads.listReads(ctx, request, request.query),
  );
  app.get(
    "/users/own/fhir/ips",
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        summary:
          "The International Patient Summary, a FHIR R4 document Bundle (user_id: a patient, for their operators)",
        querystring: ZIpsQuery,
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", "application/fhir+json; charset=utf-8")
        .header("content-disposition", 'attachment; filename="patient-summary.json"')
        .header("cache-control", "private, no-store")
        .send(JSON.stringify(await exportIps(ctx, request, request.query.user_id))),
  );
};

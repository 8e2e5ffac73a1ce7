import {
  DOCUMENT_MESSAGES,
  ZAssignDocumentsBody,
  ZAssignDocumentsResponse,
  ZCreateDocumentBody,
  ZDocumentListQuery,
  ZDocumentMessageResponse,
  ZDocumentPagedResponse,
  ZDocumentResponse,
  ZDocumentTemplateBody,
  ZDocumentTemplateListQuery,
  ZDocumentTemplatePagedResponse,
  ZDocumentTemplateResponse,
  ZIdParams,
  ZMessage,
  ZSignDocumentBody,
} from "@cura/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { CITIZEN, OPERATOR, OPERATOR_OR_CITIZEN } from "./access-rules.ts";
import * as service from "./service.ts";
import { documentFile, signDocument } from "./signing.ts";
import * as templates from "./templates.ts";

const tags = ["documents"];

function sendPdf(reply: FastifyReply, file: { bytes: Buffer; fileName: string }) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.bytes);
}

/** Documents to be signed (spec 002 §3, spec 001 §7 "Documents to sign"). */
export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/own/documenttemplates",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's document templates by name, paged",
        querystring: ZDocumentTemplateListQuery,
        response: { 200: ZDocumentTemplatePagedResponse },
      },
    },
    async (request) => templates.listTemplates(ctx, request, request.query),
  );

  app.post(
    "/companies/own/documenttemplates",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A new document template of the company (HTML sanitised to the allowed tags)",
        body: ZDocumentTemplateBody,
        response: { 201: ZDocumentTemplateResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await templates.createTemplate(ctx, request, request.body) }),
  );

  app.put(
    "/companies/own/documenttemplates/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Replaces a template's name and text (documents made from it keep their copy)",
        params: ZIdParams,
        body: ZDocumentTemplateBody,
        response: { 200: ZDocumentTemplateResponse },
      },
    },
    async (request) => ({ data: await templates.updateTemplate(ctx, request, request.params.id, request.body) }),
  );

  app.post(
    "/tobesigneddocuments",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A document to be signed from a company template with the edited html_content",
        body: ZCreateDocumentBody,
        response: { 201: ZDocumentResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.createDocument(ctx, request, request.body) }),
  );

  app.post(
    "/tobesigneddocuments/assign-to-reservation",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Assigns the company's documents to one of its reservations",
        body: ZAssignDocumentsBody,
        response: { 200: ZAssignDocumentsResponse },
      },
    },
    async (request) => ({
      data: await service.assignDocuments(ctx, request, request.body),
      message: DOCUMENT_MESSAGES.assigned,
    }),
  );

  app.get(
    "/tobesigneddocuments/reservation/:id",
    {
      config: { access: OPERATOR_OR_CITIZEN },
      schema: {
        tags,
        summary: "A reservation's documents (its company's operators, its citizen, a consenting caregiver)",
        params: ZIdParams,
        querystring: ZDocumentListQuery,
        response: { 200: ZDocumentPagedResponse },
      },
    },
    async (request) => service.reservationDocuments(ctx, request, request.params.id, request.query),
  );

  app.get(
    "/tobesigneddocuments/:id",
    {
      config: { access: OPERATOR_OR_CITIZEN },
      schema: {
        tags,
        summary: "A document with its text; the signer's first opening is recorded (signing needs it)",
        params: ZIdParams,
        response: { 200: ZDocumentResponse },
      },
    },
    async (request) => ({ data: await service.readDocument(ctx, request, request.params.id) }),
  );

  app.delete(
    "/tobesigneddocuments/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Deletes an unsigned document of the company (a signed one: 409)",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.deleteDocument(ctx, request, request.params.id);
      return { message: DOCUMENT_MESSAGES.deleted };
    },
  );

  app.post(
    "/tobesigneddocuments/:id/sign",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Signs the document (the reservation's citizen or a consenting caregiver, after opening it)",
        params: ZIdParams,
        body: ZSignDocumentBody,
        response: { 200: ZDocumentMessageResponse },
      },
    },
    async (request) => ({
      data: await signDocument(ctx, request, request.params.id),
      message: DOCUMENT_MESSAGES.signed,
    }),
  );

  const files = [
    ["pdf", "unsigned", "The document as a PDF, unsigned (application/pdf)"],
    ["signed-pdf", "signed", "The signed and sealed PDF (application/pdf); 404 before signing"],
    ["download", "current", "The current PDF: signed once signed, else unsigned (application/pdf)"],
  ] as const;
  for (const [suffix, which, summary] of files) {
    app.get(
      `/tobesigneddocuments/:id/${suffix}`,
      {
        config: { access: OPERATOR_OR_CITIZEN },
        schema: { tags, summary, params: ZIdParams, produces: ["application/pdf"] },
      },
      async (request, reply) => sendPdf(reply, await documentFile(ctx, request, request.params.id, which)),
    );
  }
};

import {
  fieldError,
  MANUAL_MAX_BYTES,
  SUPPORT_MESSAGES,
  VIDEO_MAX_BYTES,
  ZBotmanBody,
  ZBotmanResponse,
  ZChatbotCodeResponse,
  ZDownloadIdParams,
  ZDownloadsQuery,
  ZDownloadsResponse,
  ZManualFields,
  ZManualListQuery,
  ZManualListResponse,
  ZManualResponse,
  ZMessage,
  ZSupportTicketBody,
  ZSupportTicketResponse,
  ZVideoFields,
  ZVideoResponse,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surface of files: the one multipart reader of the application.
import { readUpload } from "../files/index.ts";
import { CITIZEN, PLATFORM_ADMIN, PUBLIC, SIGNED_IN } from "./access-rules.ts";
import * as chatbot from "./chatbot/service.ts";
import * as downloads from "./downloads.ts";
import { createTicket } from "./tickets.ts";

const tags = ["support"];

/**
 * An administrator's upload (the shared reader of the files module): its size is the kind's, and a
 * file too large or a second one is the kind's own 422 on `file`, as a file of the wrong type is.
 */
async function readDownload(request: FastifyRequest, maxBytes: number, message: string) {
  const { files, fields } = await readUpload(request, { maxBytes, refused: () => fieldError("file", message) });
  return { fields, file: files[0] ?? null };
}

/** Support requests, manuals and videos, and the citizen chat-bot (spec 001 §2 screens 1, 2, 4, 22). */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/utilities/ticket",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Send a support request (object, content): stored and e-mailed to the support address",
        body: ZSupportTicketBody,
        response: { 200: ZSupportTicketResponse },
      },
    },
    async (request) => createTicket(ctx, principalOf(request), request.body, request.log),
  );

  app.get(
    "/manuals",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "Manuals, newest release first (is_operatore: the operators' or the citizens'; paged), with fallback links",
        querystring: ZManualListQuery,
        response: { 200: ZManualListResponse },
      },
    },
    async (request) => downloads.listManuals(ctx, request.query),
  );

  app.get(
    "/downloads",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Downloadables of a scope: manuals and video tutorials",
        querystring: ZDownloadsQuery,
        response: { 200: ZDownloadsResponse },
      },
    },
    async (request) => ({ data: await downloads.listDownloads(ctx, request.query.scope) }),
  );

  app.get(
    "/resources/:id/public/scaricabili",
    {
      config: { access: PUBLIC },
      schema: { tags, summary: "The file (PDF or mp4) of a manual or video", params: ZDownloadIdParams },
    },
    async (request, reply) => {
      const file = await downloads.downloadFile(ctx, request.params.id);
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header("cache-control", "public, max-age=3600")
        .send(file.bytes);
    },
  );

  app.post(
    "/admin/manuals",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Register a manual: multipart with file (PDF, 8 MB), version, description, is_italian, is_operatore, data_release",
        consumes: ["multipart/form-data"],
        response: { 201: ZManualResponse },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readDownload(request, MANUAL_MAX_BYTES, SUPPORT_MESSAGES.pdfRequired);
      const manual = await downloads.addManual(ctx, request, principalOf(request), ZManualFields.parse(fields), file);
      return reply.code(201).send({ data: manual });
    },
  );

  app.post(
    "/admin/videos",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Register a video tutorial: multipart with file (mp4, 32 MB), title, description, scope",
        consumes: ["multipart/form-data"],
        response: { 201: ZVideoResponse },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readDownload(request, VIDEO_MAX_BYTES, SUPPORT_MESSAGES.videoRequired);
      const video = await downloads.addVideo(ctx, request, principalOf(request), ZVideoFields.parse(fields), file);
      return reply.code(201).send({ data: video });
    },
  );

  app.delete(
    "/admin/manuals/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: { tags, summary: "Remove a manual and its file", params: ZDownloadIdParams, response: { 200: ZMessage } },
    },
    async (request) => {
      await downloads.removeDownload(ctx, request, request.params.id, "manuale");
      return { message: SUPPORT_MESSAGES.manualRemoved };
    },
  );

  app.delete(
    "/admin/videos/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Remove a video tutorial and its file",
        params: ZDownloadIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await downloads.removeDownload(ctx, request, request.params.id, "video");
      return { message: SUPPORT_MESSAGES.videoRemoved };
    },
  );

  app.get(
    "/users/own/chatbot/code",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The chat-bot's opaque id for the signed-in citizen (never the user code)",
        response: { 200: ZChatbotCodeResponse },
      },
    },
    async (request) => ({ data: { code: chatbot.chatbotCode(ctx, principalOf(request).userId) } }),
  );

  app.post(
    "/botman",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Ask the chat-bot (userId: the code of GET users/own/chatbot/code): an answer from the Italian FAQ",
        body: ZBotmanBody,
        response: { 200: ZBotmanResponse },
      },
    },
    async (request) => ({ data: chatbot.reply(ctx, principalOf(request), request.body) }),
  );
};

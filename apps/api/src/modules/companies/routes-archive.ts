import {
  LIMITS,
  ZArchiveFields,
  ZArchiveItemResponse,
  ZArchiveListResponse,
  ZArchiveQuery,
  ZArchiveUpdateBody,
  ZIdParams,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { type IncomingFile, invalidFile } from "../files/index.ts";
import { ARCHIVE } from "./access-rules.ts";
import * as archive from "./archive.ts";

const tags = ["companies"];

/** The company archive (first-level companies). */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companyarchives",
    {
      config: { access: ARCHIVE },
      schema: {
        tags,
        summary: "The company's archive, newest first (q, paged)",
        querystring: ZArchiveQuery,
        response: { 200: ZArchiveListResponse },
      },
    },
    async (request) => archive.listArchive(ctx, principalOf(request), request.query),
  );

  app.get(
    "/companyarchives/:id",
    {
      config: { access: ARCHIVE },
      schema: { tags, summary: "An archive entry", params: ZIdParams, response: { 200: ZArchiveItemResponse } },
    },
    async (request) => ({ data: await archive.getArchive(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/companyarchives",
    {
      config: { access: ARCHIVE },
      schema: {
        tags,
        summary: "Add a file to the archive (multipart: file, title, description); stored encrypted",
        description: "A pdf or an image of at most 8 MB, checked by content.",
        consumes: ["multipart/form-data"],
        response: { 201: ZArchiveItemResponse },
      },
    },
    async (request, reply) => {
      const files: IncomingFile[] = [];
      const raw: Record<string, string> = {};
      try {
        for await (const part of request.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 10 } })) {
          if (part.type === "file") files.push({ filename: part.filename, bytes: await part.toBuffer() });
          else if (typeof part.value === "string") raw[part.fieldname] = part.value;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT") throw invalidFile();
        throw error;
      }
      const fields = ZArchiveFields.parse(raw);
      const item = await archive.addToArchive(ctx, request, principalOf(request), fields, files);
      return reply.status(201).send({ data: item });
    },
  );

  app.put(
    "/companyarchives/:id",
    {
      config: { access: ARCHIVE },
      schema: {
        tags,
        summary: "Change an archive entry's title and description",
        params: ZIdParams,
        body: ZArchiveUpdateBody,
        response: { 200: ZArchiveItemResponse },
      },
    },
    async (request) => ({
      data: await archive.updateArchive(ctx, request, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/companyarchives/:id",
    {
      config: { access: ARCHIVE },
      schema: { tags, summary: "Remove an archive entry", params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) => ({
      message: await archive.deleteArchive(ctx, request, principalOf(request), request.params.id),
    }),
  );
};

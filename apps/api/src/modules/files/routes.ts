import { LIMITS, ZHashid, ZUploadFields, ZUploadResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as files from "./service.ts";

const tags = ["files"];
const MAX_FILES = 10;

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // Hourly: bytes left without a row (a crash mid-upload, a removal that failed after its commit).
  ctx.jobs.define({
    name: files.ORPHAN_FILES_JOB,
    cron: "17 * * * *",
    run: async () => void (await files.removeOrphanBlobs(ctx)),
  });

  app.post(
    "/resources/public",
    {
      // Profile pictures are uploaded while the profile may still be incomplete.
      config: { access: { allowUnverified: true } },
      schema: {
        tags,
        summary: "Upload one file (field file) or several (files[]); multipart/form-data",
        description:
          "Fields: file or files[], name, destination (default order; profilo for the profile picture), has_owner, " +
          "encrypt, read_nre. At most 8 MB a file; images, and pdf too when encrypt is set; checked by content.",
        consumes: ["multipart/form-data"],
        response: { 200: ZUploadResponse },
      },
    },
    async (request) => {
      const incoming: files.IncomingFile[] = [];
      const raw: Record<string, string> = {};
      let multi = false;
      try {
        for await (const part of request.parts({
          limits: { fileSize: LIMITS.uploadMaxBytes, files: MAX_FILES, fields: 20 },
        })) {
          if (part.type === "file") {
            if (part.fieldname !== "file" && part.fieldname !== "files[]" && part.fieldname !== "files") {
              await part.toBuffer();
              continue;
            }
            multi ||= part.fieldname !== "file";
            incoming.push({ filename: part.filename, bytes: await part.toBuffer() });
          } else if (typeof part.value === "string") {
            raw[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT") throw files.invalidFile();
        throw error;
      }
      const fields = ZUploadFields.parse(raw);
      const results = await files.storeUploads(ctx, principalOf(request), fields, incoming);
      return { data: multi ? results : (results[0] as (typeof results)[number]) };
    },
  );

  app.get(
    "/resources/private/:id",
    {
      // Like the upload: a user completing their profile sees the picture they just uploaded.
      config: { access: { allowUnverified: true } },
      schema: {
        tags,
        summary: "Download a private file (decrypted when stored encrypted)",
        params: z.object({ id: ZHashid }),
      },
    },
    async (request, reply) => {
      const file = await files.downloadPrivateFile(ctx, request, request.params.id);
      const encoded = encodeURIComponent(file.name);
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", `inline; filename*=UTF-8''${encoded}`)
        .header("cache-control", "private, no-store")
        .send(file.bytes);
    },
  );
};

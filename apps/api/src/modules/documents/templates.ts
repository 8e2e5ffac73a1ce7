import { DOCUMENT_MESSAGES, notFound, type TDocumentTemplate, type TDocumentTemplateBody } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownCompanyId } from "../companies/index.ts";
import { presentTemplate } from "./presenters.ts";
import * as repository from "./repository.ts";
import { sanitizeDocumentHtml } from "./sanitize.ts";

/** `GET companies/own/documenttemplates`: the operator's company's templates by name, paged. */
export async function listTemplates(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: { page: number; per_page: number },
) {
  const companyId = ownCompanyId(principalOf(request));
  const { rows, total } = await repository.listTemplates(ctx.db, companyId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentTemplate(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** A new template of the operator's company (beyond the spec's read: the templates page edits them). */
export async function createTemplate(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TDocumentTemplateBody,
): Promise<TDocumentTemplate> {
  const companyId = ownCompanyId(principalOf(request));
  const htmlContent = await sanitizeDocumentHtml(body.html_content);
  return ctx.db.transaction(async (tx) => {
    const row = await repository.insertTemplate(tx, { companyId, name: body.name, htmlContent });
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "document_template",
      entityId: row.id,
      companyId,
    });
    return presentTemplate(ctx, row);
  });
}

/** Replaces a template's name and text; documents already created from it keep their own copy. */
export async function updateTemplate(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TDocumentTemplateBody,
): Promise<TDocumentTemplate> {
  const companyId = ownCompanyId(principalOf(request));
  const id = ctx.ids.decode(hashid);
  const htmlContent = await sanitizeDocumentHtml(body.html_content);
  return ctx.db.transaction(async (tx) => {
    const row =
      id === null ? null : await repository.updateTemplate(tx, companyId, id, { name: body.name, htmlContent });
    // Another company's template is answered as one that does not exist.
    if (!row) throw notFound(DOCUMENT_MESSAGES.templateNotFound);
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "document_template",
      entityId: row.id,
      companyId,
    });
    return presentTemplate(ctx, row);
  });
}

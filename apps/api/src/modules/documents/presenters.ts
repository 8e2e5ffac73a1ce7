import type { DocumentStatus, TDocument, TDocumentSummary, TDocumentTemplate } from "@cura/domain";
import type { ModuleContext } from "../../platform/module.ts";
import type { DocumentRole } from "./access.ts";
import type { DocumentWithTemplate, TemplateRow } from "./repository.ts";

export function presentTemplate(ctx: ModuleContext, row: TemplateRow): TDocumentTemplate {
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    html_content: row.htmlContent,
    updated_at: row.updatedAt.toISOString(),
  };
}

function statusOf(row: DocumentWithTemplate["doc"]): DocumentStatus {
  if (row.signedAt) return "firmato";
  return row.bookingId === null ? "non_assegnato" : "da_firmare";
}

export function presentDocumentSummary(
  ctx: ModuleContext,
  { doc, templateName }: DocumentWithTemplate,
  role: DocumentRole,
): TDocumentSummary {
  return {
    hashid: ctx.ids.encode(doc.id),
    name: doc.name,
    status: statusOf(doc),
    template: doc.templateId === null ? null : { hashid: ctx.ids.encode(doc.templateId), name: templateName ?? "" },
    reservation_hashid: doc.bookingId === null ? null : ctx.ids.encode(doc.bookingId),
    assigned_at: doc.assignedAt?.toISOString() ?? null,
    opened_at: doc.openedAt?.toISOString() ?? null,
    signed_at: doc.signedAt?.toISOString() ?? null,
    signer: doc.signedAt ? { full_name: doc.signerName ?? "", on_behalf_of: doc.signedOnBehalfOf !== null } : null,
    can_sign: role.kind !== "operator" && doc.signedAt === null && doc.bookingId !== null,
    created_at: doc.createdAt.toISOString(),
  };
}

export function presentDocument(
  ctx: ModuleContext,
  row: DocumentWithTemplate,
  role: DocumentRole,
  onBehalfOfName: string | null = null,
): TDocument {
  return {
    ...presentDocumentSummary(ctx, row, role),
    html_content: row.doc.htmlContent,
    on_behalf_of_name: onBehalfOfName,
  };
}

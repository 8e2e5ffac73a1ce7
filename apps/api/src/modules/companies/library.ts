import { COMPANY_MESSAGES, notFound, type TLibraryItem, type TLibraryItemBody } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { deleteOwnRecord } from "./own-records.ts";
import * as repository from "./repository.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * The company library (bancadati): links every operator of the company opens in the floating frame
 * (open_iframe) or in a new tab. Any operator reads it; configuring it needs 'visualizzare
 * anagrafica azienda' (the route rule). Only https links: the frame must not mix content.
 */

const present = (ctx: ModuleContext, row: repository.LibraryItemRow): TLibraryItem => ({
  hashid: ctx.ids.encode(row.id),
  label: row.label,
  url: row.url,
  open_iframe: row.openIframe,
});

export async function listItems(ctx: ModuleContext, principal: Principal): Promise<TLibraryItem[]> {
  const rows = await repository.listLibraryItems(ctx.db, ownCompanyId(principal));
  return rows.map((row) => present(ctx, row));
}

export async function getItem(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TLibraryItem> {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findLibraryItem(ctx.db, ownCompanyId(principal), id);
  if (!row) throw notFound();
  return present(ctx, row);
}

export async function createItem(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TLibraryItemBody,
): Promise<TLibraryItem> {
  const companyId = ownCompanyId(principal);
  const row = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertLibraryItem(tx, {
      companyId,
      label: body.label,
      url: body.url,
      openIframe: body.open_iframe,
    });
    await recordAudit(tx, actorOf(request), {
      action: "library_item.created",
      entity: "library_item",
      entityId: row.id,
      companyId,
      detail: { label: body.label, url: body.url },
    });
    return row;
  });
  return present(ctx, row);
}

export async function updateItem(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TLibraryItemBody,
): Promise<TLibraryItem> {
  const companyId = ownCompanyId(principal);
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const row = await repository.updateLibraryItem(tx, companyId, id, {
      label: body.label,
      url: body.url,
      openIframe: body.open_iframe,
    });
    if (!row) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "library_item.updated",
      entity: "library_item",
      entityId: id,
      companyId,
      detail: { label: body.label, url: body.url },
    });
    return row;
  });
  return present(ctx, row);
}

export async function deleteItem(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<string> {
  await deleteOwnRecord(ctx, request, principal, hashid, {
    entity: "library_item",
    action: "library_item.deleted",
    remove: repository.deleteLibraryItem,
  });
  return COMPANY_MESSAGES.libraryItemDeleted;
}

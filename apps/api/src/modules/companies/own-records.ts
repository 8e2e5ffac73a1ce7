import { notFound } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { withFileReleases } from "../files/index.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * Deletes one record of the operator's own company by its public id, and audits it, in one
 * transaction. A record of another company is a 404, like one that does not exist: an operator
 * learns nothing about other companies.
 */
export async function deleteOwnRecord(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  record: {
    /** The audit log's entity and action names. */
    entity: string;
    action: string;
    /**
     * Deletes the row if it is the company's; false when there was none. A record that used a stored
     * file releases it: the file goes after the commit when nothing else uses it.
     */
    remove: (tx: Executor, companyId: number, id: number, release: (fileId: number | null) => void) => Promise<boolean>;
  },
): Promise<void> {
  const companyId = ownCompanyId(principal);
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  await withFileReleases(ctx, async (tx, release) => {
    if (!(await record.remove(tx, companyId, id, release))) throw notFound();
    await recordAudit(tx, actorOf(request), { action: record.action, entity: record.entity, entityId: id, companyId });
  });
}

import type { CuraModule } from "../../platform/module.ts";
import { addFileReadRule, addFileReferenceRule } from "../files/index.ts";
import { mayReadFill } from "./access.ts";
import * as repository from "./repository.ts";
import { surveysRoutes } from "./routes.ts";

/**
 * A file attached to a fill's answer is read by whoever may read the fill (the person, the company's
 * managers, the operator who wrote it, administrators), and is not deleted while a fill uses it.
 */
addFileReadRule(async (ctx, principal, fileId) => {
  const rows = await repository.fillsWithFile(ctx.db, fileId);
  return rows.some((fill) => mayReadFill(principal, fill));
});
addFileReferenceRule((db, fileId) => repository.fileInUse(db, fileId));

/** Screening activities, surveys and their fills (issue 13). Nothing is exported to other modules yet. */
export const surveysModule: CuraModule = { name: "surveys", routes: surveysRoutes };

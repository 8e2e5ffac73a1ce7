import { COMPANY_LEVELS } from "@cura/domain";
import { addFileReadRule, addFileReferenceRule } from "../files/index.ts";
import { archiveOwners, archiveUsesFile } from "./archive-repository.ts";
import * as repository from "./repository.ts";
import { attachmentOwners, attachmentUsesFile } from "./services-repository.ts";

/**
 * Who may read the files this module attaches to its records, besides their uploader:
 * - a company's picture: anyone signed in (it is shown wherever the company is);
 * - a health service's attachment: anyone signed in while the service is active (preparation notes
 *   a citizen reads before booking), and the company's operators always;
 * - an archive file: the operators of its first-level company, never anyone else.
 */
let registered = false;

export function registerFileReadRules(): void {
  if (registered) return;
  registered = true;

  addFileReadRule(async (ctx, _principal, fileId) => repository.isCompanyPicture(ctx.db, fileId));

  addFileReadRule(async (ctx, principal, fileId) => {
    const owners = await attachmentOwners(ctx.db, fileId);
    return owners.some((o) => o.active || (principal.type === 1 && principal.companyId === o.companyId));
  });

  addFileReadRule(async (ctx, principal, fileId) => {
    if (principal.type !== 1 || principal.companyId === null) return false;
    const owners = await archiveOwners(ctx.db, fileId);
    return owners.some((o) => o.companyId === principal.companyId && o.level === COMPANY_LEVELS.firstLevel);
  });
}

/**
 * Which of this module's records use a stored file: while one does, the file stays when another use
 * goes (a picture replaced, an attachment removed, an archive entry deleted).
 */
let referencesRegistered = false;

export function registerFileReferenceRules(): void {
  if (referencesRegistered) return;
  referencesRegistered = true;
  addFileReferenceRule(repository.isCompanyPicture);
  addFileReferenceRule(attachmentUsesFile);
  addFileReferenceRule(archiveUsesFile);
}

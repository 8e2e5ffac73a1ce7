import { addFileReadRule, addFileReferenceRule } from "../../files/index.ts";
import { healthSubject } from "../access.ts";
import * as repository from "./repository.ts";

let registered = false;

/**
 * The health file's files through `GET resources/private/{id}` too: a document is readable by whoever
 * may see the person's file; a report by the person's side and its company's operators. And a file
 * a document or report still names is in use (never swept).
 */
export function registerHealthRecordFileRules(): void {
  if (registered) return;
  registered = true;
  addFileReadRule(async (ctx, principal, fileId) => {
    const document = await repository.documentOfFile(ctx.db, fileId);
    const report = document ? null : await repository.reportOfFile(ctx.db, fileId);
    const patientId = document?.patientId ?? report?.patientId;
    if (patientId === undefined) return false;
    const subject = await healthSubject(ctx.db, ctx.ids, principal, ctx.ids.encode(patientId)).catch(() => null);
    if (!subject) return false;
    return !report || subject.viewer.kind !== "operator" || subject.viewer.companyId === report.companyId;
  });
  addFileReferenceRule(repository.documentUsesFile);
  addFileReferenceRule(repository.reportUsesFile);
}

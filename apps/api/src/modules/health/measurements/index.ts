import type { CuraModule } from "../../../platform/module.ts";
import { addFileReadRule, addFileReferenceRule } from "../../files/index.ts";
import { healthSubject } from "../access.ts";
import { registerIpsSource } from "../ips-sources.ts";
import { ipsVitalSigns } from "./ips-source.ts";
import * as repository from "./repository.ts";
import { measurementsRoutes } from "./routes.ts";

/**
 * A reading's attachment is read by whoever may see the reading: the person's file is theirs to
 * read (healthSubject), and a private reading is its author's alone. Any refusal is "no".
 */
addFileReadRule(async (ctx, principal, fileId) => {
  const reading = await repository.findByAttachment(ctx.db, fileId);
  if (!reading) return false;
  if (reading.private && reading.authorId !== principal.userId) return false;
  try {
    await healthSubject(ctx.db, ctx.ids, principal, ctx.ids.encode(reading.patientId));
    return true;
  } catch {
    return false;
  }
});
addFileReferenceRule((db, fileId) => repository.attachmentInUse(db, fileId));
registerIpsSource("vitalSigns", ipsVitalSigns);

export const healthMeasurementsModule: CuraModule = { name: "health-measurements", routes: measurementsRoutes };

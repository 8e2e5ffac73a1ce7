import type { CuraModule } from "../../platform/module.ts";
import { patientsRoutes } from "./routes.ts";

export const patientsModule: CuraModule = { name: "patients", routes: patientsRoutes };

// The module's public surface (docs/architecture.md "Boundaries").
import type { Executor } from "../../db/client.ts";
import { findLink } from "./repository.ts";

/** Whether the person is a patient of the company (archived patients included: their record stays theirs). */
export async function isPatientOf(db: Executor, companyId: number, userId: number): Promise<boolean> {
  return (await findLink(db, companyId, userId)) !== null;
}

import type { CuraModule } from "../../../platform/module.ts";
import { registerIpsSource } from "../ips-sources.ts";
import { ipsConditions, ipsMedications } from "./ips-source.ts";
import { healthTherapiesRoutes } from "./routes.ts";

registerIpsSource("conditions", ipsConditions);
registerIpsSource("medications", ipsMedications);

/** Pathologies, exemptions, therapies and adherence of the health file (issue 11). */
export const healthTherapiesModule: CuraModule = { name: "health-therapies", routes: healthTherapiesRoutes };

import type { CuraModule } from "../../platform/module.ts";
import { careRoutes } from "./routes.ts";
// Registers the caregivers' and operators' read rule of GET users/{id}.
import "./user-card.ts";

export const careModule: CuraModule = { name: "care", routes: careRoutes };

export { type CaregiverGrant, caregiverGrant } from "./caregivers.ts";
// The module's public surface (docs/architecture.md "Boundaries"): a citizen's family members, for
// bookings made for one of them and for an operator's view of a patient; the read models put a family
// member's name beside another module's rows in that module's own query.
export { familyOf, ownFamilyMember } from "./family.ts";
export { familyMemberName, familyMemberSurname } from "./read-models.ts";

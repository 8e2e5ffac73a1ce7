import type { CuraModule } from "../../platform/module.ts";
import { companiesRoutes } from "./routes.ts";

export const companiesModule: CuraModule = { name: "companies", routes: companiesRoutes };

// The module's public surface (docs/architecture.md "Boundaries"): what other modules call. Bookings
// takes slots and checks visibility through it, identity and notifications read memberships, and the
// read models put a company's data into another module's single query without its tables.
// The administrator's back office (modules/admin/companies): the data of companies, operators and services.
export * as companyAdministration from "./admin-registry.ts";
export { healthServiceDaySlots } from "./availability.ts";
export { type SlotScope, setTakenSlotsProvider, type TakenSlotsProvider } from "./bookings-hook.ts";
export { visibleHealthService } from "./openings.ts";
export { colleague as companyOperator, listCompanyOperators, present as presentOperator } from "./operators.ts";
export { companyService, operatorStatusOf, platformService } from "./presenters.ts";
export {
  careCircleUserIds,
  companyName,
  healthServiceIdsUnder,
  healthServiceName,
  healthServiceSettings,
  inCareCircle,
  lockHealthService,
  type MembershipRow,
  membershipOfUser,
} from "./read-models.ts";
export {
  type CompanyRow,
  type CompanyServiceRow,
  findCompany,
  findCompanyService,
  findOfferedCompanyService,
  listCompanyServices,
} from "./repository.ts";
export { ownCompanyId, platformRef, visibleCompany } from "./scope.ts";
export {
  activeOperatorUserIds,
  allowsForcedNumberVerification,
  companySummary,
  isCompanyCode,
  joinCompanyByCode,
  type Membership,
  membershipFromRow,
  membershipOf,
} from "./service.ts";
// The surveys module vouches for the questionnaire a health service attaches, and records it (issue 13).
export { type SurveyAttachedHook, type SurveyLookup, setSurveyAttachedHook, setSurveyLookup } from "./surveys-hook.ts";
// The teleconsult module routes quick requests to a company with an operator on (issue 10).
export {
  runsPlatformService,
  type TeleconsultRoutingCandidate,
  teleconsultRoutingCandidates,
} from "./teleconsult-routing.ts";
// The teleconsult module's specialist entry lists the health services booked as teleconsultations (ref 2).
export { type TeleconsultServiceRow, teleconsultServicesPage } from "./teleconsult-services.ts";

import type { CuraModule } from "../../platform/module.ts";

/** No routes yet: the billing issue adds plans, payments and renewals on company_subscriptions. */
export const billingModule: CuraModule = { name: "billing", routes: async () => {} };

export { seedDemoSubscriptions } from "./demo-data.ts";
// The gate as a condition of another module's list (the specialist teleconsultation services).
export { companyServiceActive } from "./read-models.ts";
// The module's public surface (issue 10): whether a company may run a gated platform service now
// (teleconsult refs 10, 11, 2), for the teleconsult and bookings modules; the demo subscriptions.
export {
  assertCompanyServiceActive,
  companiesWithActiveService,
  isCompanyServiceActive,
  SUBSCRIPTION_GATED_REFS,
} from "./service.ts";

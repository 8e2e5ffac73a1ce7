import { COMPANY_LEVELS, OPERATOR_PERMISSIONS } from "@cura/domain";
import type { Access } from "../../platform/auth/access.ts";

/** The route rules of the companies module (spec 002 §2 menu rules, §6 permissions). */

/** Public reference data and the company-code check of the operator registration form. */
export const PUBLIC: Access = { public: true };
/** Anyone signed in: search, company and service pages, slots. */
export const SIGNED_IN: Access = {};
export const CITIZEN: Access = { types: [0] };
/** Any operator of a company: reading its own settings, library, services. */
export const OPERATOR: Access = { types: [1] };
/** Services, opening hours, closures, options: 'gestire impostazioni dei servizi'. */
export const SERVICE_SETTINGS: Access = { types: [1], permissions: [OPERATOR_PERMISSIONS.manageServiceSettings] };
/** Company profile, picture and library configuration: 'visualizzare anagrafica azienda'. */
export const COMPANY_REGISTRY: Access = { types: [1], permissions: [OPERATOR_PERMISSIONS.viewCompanyRegistry] };
/** Operators and the company code: 'gestire operatori'. */
export const OPERATORS: Access = { types: [1], permissions: [OPERATOR_PERMISSIONS.manageOperators] };
/** Platform administrators: any company's operators and their requests to join. */
export const PLATFORM_ADMIN: Access = { types: [2] };
/** The archive is reserved to first-level companies (spec 002 §1). */
export const ARCHIVE: Access = { types: [1], companyLevels: [COMPANY_LEVELS.firstLevel] };
/** Statistics (analitiche) are reserved to first-level companies (spec 002 §1), for any of their operators. */
export const STATISTICS: Access = { types: [1], companyLevels: [COMPANY_LEVELS.firstLevel] };

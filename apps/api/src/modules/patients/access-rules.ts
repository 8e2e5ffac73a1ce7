import { COMPANY_LEVELS } from "@cura/domain";
import type { Access } from "../../platform/auth/access.ts";

/**
 * The route rules of the patients module. Any operator of a company works with its patients (the
 * spec names no permission string for them); the company must run the patients (ref 4) or bookings
 * (ref 1) service, and every record is checked against the operator's company in the services.
 */
export const OPERATOR: Access = { types: [1] };

/** An operator of a monitoring room (level 5): the operator's phone verification of a patient. */
export const MONITORING_ROOM_OPERATOR: Access = { types: [1], companyLevels: [COMPANY_LEVELS.monitoringRoom] };

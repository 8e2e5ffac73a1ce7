import { USER_TYPES } from "@cura/domain";
import type { Access } from "../../../platform/auth/access.ts";

/**
 * Route rules of measurements. Reads: citizens (their own file, or as a consented caregiver) and
 * operators (their company's patients); administrators read no clinical data (403). The record-level
 * check is `healthSubject`, first in every service.
 */
export const HEALTH_READER: Access = { types: [USER_TYPES.citizen, USER_TYPES.operator] };
/** Thresholds, frequencies and device assignments are set by operators (spec 001 §6). */
export const HEALTH_OPERATOR: Access = { types: [USER_TYPES.operator] };
/** The caller's own activity. */
export const CITIZEN: Access = { types: [USER_TYPES.citizen] };

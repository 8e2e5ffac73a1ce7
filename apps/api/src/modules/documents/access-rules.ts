import type { Access } from "../../platform/auth/access.ts";

/**
 * The route rules of the documents module. The spec names no permission string for documents: any
 * operator of the company keeps its templates and assigns documents to its reservations (spec 002 §1
 * "they manage … documents to sign"). Signing is a citizen's act (the reservation's citizen, or a
 * consenting caregiver); reading a document and its PDFs is open to both sides, and each record is
 * checked against the company or the reservation in the service (anything else is a 404).
 */
export const OPERATOR: Access = { types: [1] };
export const CITIZEN: Access = { types: [0] };
export const OPERATOR_OR_CITIZEN: Access = { types: [0, 1] };

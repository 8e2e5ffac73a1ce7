import type { Access } from "../../../platform/auth/access.ts";

/** Popup questions are asked in the citizen area (spec 001 §2 "Citizen popup-question modal", §7 Citizen shell helpers). */
export const CITIZEN: Access = { types: [0] };
/** Platform administrators write them (issue 12's settings page). */
export const PLATFORM_ADMIN: Access = { types: [2] };

import type { Access } from "../../../platform/auth/access.ts";

/** Platform administrators only (type 2): every route of the administrator's companies (spec 002 §6). */
export const PLATFORM_ADMIN: Access = { types: [2] };

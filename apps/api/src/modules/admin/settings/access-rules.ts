import type { Access } from "../../../platform/auth/access.ts";

/** The back office's settings, roles and system log are the platform administrator's (type 2). */
export const PLATFORM_ADMIN: Access = { types: [2] };
/** The public settings (feature flags, support contacts, brand texts) are read before sign-in (spec 002 §7). */
export const PUBLIC: Access = { public: true };

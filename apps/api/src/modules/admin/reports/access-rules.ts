import type { Access } from "../../../platform/auth/access.ts";

/** The reports are the platform administrator's (type 2): figures over every company and citizen. */
export const PLATFORM_ADMIN: Access = { types: [2] };

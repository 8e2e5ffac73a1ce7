import type { Access } from "../../../platform/auth/access.ts";

/** Accounts, registrations, public contacts and the dashboard are the platform administrator's (type 2). */
export const PLATFORM_ADMIN: Access = { types: [2] };
/** The public home's contact form: anyone, throttled per address. */
export const PUBLIC: Access = { public: true };

import type { Access } from "../../platform/auth/access.ts";

/**
 * Every signed-in user has a notification centre (citizens, operators, administrators) and may
 * act on their own notifications only; the service scopes every query to the signed-in user.
 */
export const SIGNED_IN: Access = {};

/** Citizens: reminders of their appointments. */
export const CITIZEN: Access = { types: [0] };

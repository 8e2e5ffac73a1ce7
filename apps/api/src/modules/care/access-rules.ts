import type { Access } from "../../platform/auth/access.ts";

/** The route rules of the care module; ownership is checked in the services. */

/** A citizen's own family, caregivers, code and emergency contacts. */
export const CITIZEN: Access = { types: [0] };

/**
 * A person's care data read by someone else: the service decides (the person, an enabled caregiver,
 * an operator of the person's company) and answers 404 to anyone else, administrators included, so
 * the route itself admits every signed-in user.
 */
export const ANY_SIGNED_IN: Access = {};

import type { Access } from "../../platform/auth/access.ts";

/** The route rules of the care module; ownership is checked in the services. */

/** A citizen's own family. */
export const CITIZEN: Access = { types: [0] };

import type { Access } from "../../platform/auth/access.ts";

/** The route rules of the bookings module; ownership and company scope are checked in the services. */

/** The citizen's own bookings. */
export const CITIZEN: Access = { types: [0] };
/** The bookings of the operator's own company. */
export const OPERATOR: Access = { types: [1] };
/** Either party of a booking (notes). */
export const PARTIES: Access = { types: [0, 1] };

import type { Access } from "../../platform/auth/access.ts";

/**
 * The route rules of the teleconsult module. The permission strings depend on the path's kind or ref
 * ('gestire teleconsulto di emergenza' for 10, 'gestire teleconsulto pediatrico' for 11), so the
 * services check them (403); company scope and ownership are checked there too (404).
 */
export const CITIZEN: Access = { types: [0] };
export const OPERATOR: Access = { types: [1] };
export const PARTIES: Access = { types: [0, 1] };
export const ADMIN: Access = { types: [2] };

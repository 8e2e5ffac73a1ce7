import type { Access } from "../../platform/auth/access.ts";

/** Any signed-in user: support requests, manuals, the chat-bot. */
export const SIGNED_IN: Access = {};
/** Citizens only: the chat-bot widget lives in the citizen area (spec 001 §2). */
export const CITIZEN: Access = { types: [0] };
/** Platform administrators register manuals and videos. */
export const PLATFORM_ADMIN: Access = { types: [2] };
/** Manuals and their files are public documents (the login page links them too). */
export const PUBLIC: Access = { public: true };

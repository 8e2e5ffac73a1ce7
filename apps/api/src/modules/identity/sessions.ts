import { COMPANY_MESSAGES, OPERATOR_PENDING_CODE, type UserType } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Authenticator, Principal } from "../../platform/auth/access.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import type { Ids } from "../../platform/ids.ts";
import { type Membership, membershipFromRow } from "../companies/index.ts";
import * as repository from "./repository.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Absolute lifetimes: staff sessions end within a working day, citizens stay signed in longer. */
export const SESSION_LIFETIME_MS: Record<UserType, number> = { 0: 30 * 24 * HOUR_MS, 1: 12 * HOUR_MS, 2: 12 * HOUR_MS };
/** Last use is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export async function openSession(
  db: Database,
  user: { id: number; type: number },
  request: FastifyRequest,
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const session = await repository.insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    ip: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 255) ?? null,
    client: "web",
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS[user.type as UserType]),
  });
  return { token, sessionId: session.id };
}

export function createSessionAuthenticator(db: Database, ids: Ids): Authenticator {
  return {
    async authenticate(token, request) {
      const found = await repository.findLiveSession(db, hashToken(token));
      if (!found) return null;
      const { session, user } = found;
      if (user.disabledAt || user.deletedAt) return null;
      const idleLimitMs = user.sessionTimeoutMinutes * 60_000;
      const idleFor = Date.now() - session.lastUsedAt.getTime();
      // The touch interval is tolerated on top of the limit, since last use is written lazily.
      if (idleLimitMs > 0 && idleFor > idleLimitMs + TOUCH_INTERVAL_MS) {
        await repository.revokeSession(db, session.id);
        return null;
      }
      if (idleFor > TOUCH_INTERVAL_MS) await repository.touchSession(db, session.id);
      // Read with the session, in the same query: the membership's approval state included.
      const membership = user.type === 1 && found.membership ? membershipFromRow(found.membership) : null;
      // Suspended or refused by the company: the session stops working at once.
      if (membership && (membership.status === "suspended" || membership.status === "refused")) return null;
      // Waiting to be enabled: signed in, but with no company, no permission string, and no route
      // beyond their own account (the access hook answers 403 with the reason everywhere else).
      const enabled = membership?.status === "enabled" ? membership : null;
      const principal: Principal = {
        userId: user.id,
        hashid: ids.encode(user.id),
        type: user.type as UserType,
        sessionId: session.id,
        permissions: enabled?.permissions ?? [],
        companyId: enabled?.companyId ?? null,
        companyLevel: enabled?.companyLevel ?? null,
        emailPendingVerification: Boolean(user.email) && !user.emailVerifiedAt,
        phonePendingVerification: !user.numberVerifiedAt,
        restricted:
          membership?.status === "pending"
            ? { message: COMPANY_MESSAGES.operatorAwaitingEnabling, code: OPERATOR_PENDING_CODE }
            : null,
      };
      loaded.set(request, { user, anagrafica: found.anagrafica, membership });
      return principal;
    },
    async liveSessions(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      const rows = await repository.sessionStates(db, sessionIds);
      const now = Date.now();
      const live = rows.filter((row) => {
        // The same rules as authenticate above, without touching the session: a socket left open is not a use.
        const idleLimitMs = row.sessionTimeoutMinutes * 60_000;
        if (idleLimitMs > 0 && now - row.lastUsedAt.getTime() > idleLimitMs + TOUCH_INTERVAL_MS) return false;
        const membership = row.type === 1 && row.membership ? membershipFromRow(row.membership) : null;
        return !(membership && (membership.status === "suspended" || membership.status === "refused"));
      });
      return new Set(live.map((row) => row.id));
    },
  };
}

/** What the session lookup read of the signed-in user, as the request began. */
export interface SessionUser {
  user: repository.UserRow;
  anagrafica: repository.AnagraficaRow | null;
  membership: Membership | null;
}

// Per request, so that a route reading the signed-in user does not read them again (issue 15); a
// WeakMap, so it ends with the request.
const loaded = new WeakMap<FastifyRequest, SessionUser>();

/**
 * The signed-in user as the session lookup read them for this request; null when the request has
 * no session. Only for a read of the user that nothing in the request changed before (GET
 * users/fresh/me): after a change, read the user again.
 */
export function sessionUserOf(request: FastifyRequest): SessionUser | null {
  return loaded.get(request) ?? null;
}

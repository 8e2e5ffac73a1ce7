import { createHash, randomBytes } from "node:crypto";
import { USER_TYPES } from "@cura/domain";
import type { Database } from "../../../db/client.ts";
import type { Authenticator, Principal } from "../../../platform/auth/access.ts";
import type { Ids } from "../../../platform/ids.ts";
import * as repository from "./repository.ts";

/**
 * A guest (issue 10 "Beyond the spec") has no account: opening the single-use link gives them a
 * socket token for that call only. Only the realtime hub accepts it (app.ts wraps the hub's
 * authenticator with this one; REST routes never see it). The guest's principal carries the guest's
 * id as a negative user and session id: no account's id, so no rule written for users can match it,
 * and the room kind recognises it (access.ts guestIdOf).
 */

export const GUEST_SOCKET_TOKEN_PREFIX = "guest_";

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
export const newSecret = (bytes: number): string => randomBytes(bytes).toString("base64url");

export function guestPrincipal(guestId: number, hashid: string): Principal {
  return {
    userId: -guestId,
    hashid,
    type: USER_TYPES.citizen,
    sessionId: -guestId,
    permissions: [],
    companyId: null,
    companyLevel: null,
    emailPendingVerification: false,
    phonePendingVerification: false,
    restricted: null,
  };
}

export function withRoomGuests(base: Authenticator, db: Database, ids: Ids): Authenticator {
  return {
    async authenticate(token, request) {
      if (!token.startsWith(GUEST_SOCKET_TOKEN_PREFIX)) return base.authenticate(token, request);
      const guest = await repository.findGuestBySocketToken(db, sha256(token));
      if (!guest) return null;
      const [live] = await repository.liveGuestIds(db, [guest.id]);
      return live === undefined ? null : guestPrincipal(guest.id, `g${ids.encode(guest.id)}`);
    },
    async liveSessions(sessionIds) {
      const users = sessionIds.filter((id) => id > 0);
      const guests = sessionIds.filter((id) => id < 0).map((id) => -id);
      const live = users.length > 0 ? await base.liveSessions(users) : new Set<number>();
      for (const id of await repository.liveGuestIds(db, guests)) live.add(-id);
      return live;
    },
  };
}

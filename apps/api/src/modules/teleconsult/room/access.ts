import { CALL_LIMITS, type CallRole, USER_TYPES } from "@cura/domain";
import type { Principal } from "../../../platform/auth/access.ts";
import type { TeleconsultCall } from "../index.ts";
import type { ClockRow } from "./repository.ts";

/**
 * Who may be in a call's room, and when it is open. Members: the citizen who asked, the operator
 * who took it in charge (not every operator of the company: the call is between two people), and a
 * guest the operator admitted. Guests authenticate the socket with a token of their own
 * (guest-auth.ts), whose principal carries the guest's id as a negative user id, so no guest can
 * ever match a citizen's or an operator's account.
 */

export const guestIdOf = (principal: Principal): number | null => (principal.userId < 0 ? -principal.userId : null);

export function roleOf(principal: Principal, call: TeleconsultCall, admittedGuestId: number | null): CallRole | null {
  const guestId = guestIdOf(principal);
  if (guestId !== null) return guestId === admittedGuestId ? "guest" : null;
  if (principal.type === USER_TYPES.citizen && principal.userId === call.citizenId) return "citizen";
  if (
    principal.type === USER_TYPES.operator &&
    principal.companyId === call.companyId &&
    call.operatorId !== null &&
    principal.userId === call.operatorId
  )
    return "operator";
  return null;
}

export interface RoomTimes {
  state: "open" | "waiting" | "ended";
  opensAt: Date;
  /** When the call ends: the running clock's deadline, else (specialist) the slot's end. */
  deadline: Date | null;
}

/** A quick call's deadline is 15 minutes after it connected; a specialist one ends with its slot. */
export function clockDeadline(call: TeleconsultCall, startedAt: Date): Date {
  if (call.kind === "specialistico") return call.windowEnd;
  return new Date(startedAt.getTime() + CALL_LIMITS.durationMs);
}

export function roomTimes(call: TeleconsultCall, clock: ClockRow | null, now: Date): RoomTimes {
  const deadline = clock?.deadline ?? (call.kind === "specialistico" ? call.windowEnd : null);
  // Not yet taken in charge: no window yet (the request may still be taken, or expire). A booking
  // sent back to the company (the citizen asked for another date, the company proposed one) is not
  // confirmed any more: its room waits for the confirmation, whoever had been assigned before.
  const untaken = call.operatorId === null || call.status === "ricevuto" || call.status === "in_attesa";
  const over =
    call.endedAt !== null ||
    (clock !== null && (clock.doneAt !== null || now >= clock.deadline)) ||
    (!untaken && now >= call.windowEnd) ||
    call.status === "annullato" ||
    call.status === "rifiutato" ||
    call.status === "evaso";
  if (over) return { state: "ended", opensAt: call.windowStart, deadline };
  if (untaken || now < call.windowStart) return { state: "waiting", opensAt: call.windowStart, deadline };
  return { state: "open", opensAt: call.windowStart, deadline };
}

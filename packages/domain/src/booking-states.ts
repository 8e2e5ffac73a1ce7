/**
 * The booking state machine (spec 001 §4 "Booking statuses"), written once: the API refuses any
 * transition not listed here (409), and the pages offer only the actions listed here.
 *
 * The spec names the statuses and the actions of each side but not every transition; the table
 * below is our reading, and docs/decisions.md says why where it had to choose.
 */

/**
 * non_presentato (issue 12 "Beyond the spec"): a past confirmed appointment the citizen did not come
 * to. A status of its own rather than an outcome of evaso: the booking was not served, and every list,
 * count, export and calendar that reads evaso as "served" stays right without knowing about it.
 */
export const BOOKING_STATUSES = [
  "ricevuto",
  "in_attesa",
  "confermato",
  "evaso",
  "non_presentato",
  "rifiutato",
  "annullato",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  ricevuto: "ricevuto",
  in_attesa: "in attesa di risposta",
  confermato: "confermato",
  evaso: "evaso",
  non_presentato: "non presentato",
  rifiutato: "rifiutato",
  annullato: "annullato",
};

/** Bootstrap Italia colour of each status (badges, calendar events). */
export const BOOKING_STATUS_COLOURS: Record<BookingStatus, "primary" | "warning" | "success" | "secondary" | "danger"> =
  {
    ricevuto: "primary",
    in_attesa: "warning",
    confermato: "success",
    evaso: "secondary",
    non_presentato: "warning",
    rifiutato: "danger",
    annullato: "danger",
  };

/** Calendar grouping: confirmed, completed, awaiting reply, error/refused/cancelled. */
export const BOOKING_STATUS_GROUPS: Record<BookingStatus, "confirmed" | "completed" | "awaiting" | "closed"> = {
  ricevuto: "awaiting",
  in_attesa: "awaiting",
  confermato: "confirmed",
  evaso: "completed",
  non_presentato: "closed",
  rifiutato: "closed",
  annullato: "closed",
};

/**
 * The citizen's list tabs (spec 001 §4: "pending, confirmed and history tabs"), also a filter of the
 * paged lists (`?group=`): pending still waits for an answer from either side, history no longer
 * changes. Every status is in exactly one group.
 */
export const BOOKING_LIST_GROUP_NAMES = ["pending", "confirmed", "history"] as const;
export type BookingListGroup = (typeof BOOKING_LIST_GROUP_NAMES)[number];
export const BOOKING_LIST_GROUPS: Record<BookingListGroup, readonly BookingStatus[]> = {
  pending: ["in_attesa", "ricevuto"],
  confirmed: ["confermato"],
  history: ["evaso", "non_presentato", "rifiutato", "annullato"],
};

/**
 * What waits for each party's answer: in a list filtered by group these come first (a citizen sees
 * the company's proposals to accept before their own pending requests; an operator the new requests).
 */
export const BOOKING_AWAITING: Record<BookingActor, BookingStatus> = { citizen: "in_attesa", operator: "ricevuto" };

/** Operator refusal reasons 1–4 and citizen cancellation reasons 1–2 (spec 001 §4). */
export const REFUSAL_REASONS = {
  1: "Non sono disponibili ulteriori richieste per la data selezionata: prenota per la settimana successiva",
  2: "Problemi di approvvigionamento",
  3: "Mancano dati essenziali: completa l'anagrafica",
  4: "Un imprevisto ci costringe ad annullare",
} as const;
export const CANCELLATION_REASONS = {
  1: "Non sono più interessato",
  2: "Non posso mantenere l'impegno",
} as const;

export type BookingActor = "citizen" | "operator";

export const BOOKING_ACTIONS = [
  "confirm",
  "propose",
  "refuse",
  "close",
  "no_show",
  "accept",
  "reject",
  "request_new_date",
  "cancel",
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

interface Transition {
  actor: BookingActor;
  from: readonly BookingStatus[];
  to: BookingStatus;
}

export const BOOKING_TRANSITIONS: Record<BookingAction, Transition> = {
  // The company accepts the request as it is.
  confirm: { actor: "operator", from: ["ricevuto"], to: "confermato" },
  // The company proposes another date and time; the citizen must answer.
  propose: { actor: "operator", from: ["ricevuto", "confermato"], to: "in_attesa" },
  // The company refuses, with a reason 1–4.
  refuse: { actor: "operator", from: ["ricevuto", "in_attesa", "confermato"], to: "rifiutato" },
  // The company closes a confirmed booking once served (alone or in bulk).
  close: { actor: "operator", from: ["confermato"], to: "evaso" },
  // The company records that the citizen did not come to a confirmed appointment (issue 12).
  no_show: { actor: "operator", from: ["confermato"], to: "non_presentato" },
  // The citizen accepts the proposed change.
  accept: { actor: "citizen", from: ["in_attesa"], to: "confermato" },
  // The citizen rejects the proposed change: the request ends.
  reject: { actor: "citizen", from: ["in_attesa"], to: "annullato" },
  // The citizen asks for another date and time: the request goes back to the company.
  request_new_date: { actor: "citizen", from: ["in_attesa", "confermato"], to: "ricevuto" },
  // The citizen cancels, with a reason 1–2 (also a request not yet answered).
  cancel: { actor: "citizen", from: ["ricevuto", "in_attesa", "confermato"], to: "annullato" },
};

/** The status an action leads to, or null when that actor may not take it from this status. */
export function nextBookingStatus(
  status: BookingStatus,
  action: BookingAction,
  actor: BookingActor,
): BookingStatus | null {
  const transition = BOOKING_TRANSITIONS[action];
  if (transition.actor !== actor || !transition.from.includes(status)) return null;
  return transition.to;
}

/** What this actor can do with a booking in this status (the buttons a page shows). */
export function availableBookingActions(status: BookingStatus, actor: BookingActor): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => nextBookingStatus(status, action, actor) !== null);
}

/**
 * A citizen's changes that end at the appointment time: once it has passed, the company closes the
 * booking (evaso) or refuses it; cancelling or moving an appointment already gone would rewrite history.
 */
export const CITIZEN_ACTIONS_BEFORE_APPOINTMENT: readonly BookingAction[] = ["cancel", "request_new_date"];

export const hasAppointmentPassed = (start: string | Date | null, now: number = Date.now()): boolean =>
  start !== null && new Date(start).getTime() <= now;

/**
 * The company's actions that wait for the appointment time: a booking is served (evaso) from its
 * start on, never before (closing an 18:00 appointment at 8:00 would record a visit that did not happen);
 * nor can the citizen have missed an appointment whose time has not come.
 */
export const OPERATOR_ACTIONS_FROM_APPOINTMENT: readonly BookingAction[] = ["close", "no_show"];

/**
 * Actions that need an appointment time: a citizen misses an appointment, not a request without a
 * time or a product order (those are closed, or refused).
 */
export const ACTIONS_NEEDING_APPOINTMENT: readonly BookingAction[] = ["no_show"];

/**
 * Whether the appointment time lets this actor take this action now, the state machine aside. A
 * booking without a time (a request with preferences, a product order) has no time rule, except
 * that nobody misses it (ACTIONS_NEEDING_APPOINTMENT).
 */
export function isBookingActionTimely(
  action: BookingAction,
  actor: BookingActor,
  start: string | Date | null,
  now: number = Date.now(),
): boolean {
  if (start === null) return !ACTIONS_NEEDING_APPOINTMENT.includes(action);
  const passed = hasAppointmentPassed(start, now);
  if (actor === "citizen") return !passed || !CITIZEN_ACTIONS_BEFORE_APPOINTMENT.includes(action);
  return passed || !OPERATOR_ACTIONS_FROM_APPOINTMENT.includes(action);
}

/**
 * What this actor can do with a booking now, the appointment time included: the API refuses
 * anything else (409) and the pages show nothing else.
 */
export function bookingActionsAt(
  status: BookingStatus,
  actor: BookingActor,
  start: string | Date | null,
  now: number = Date.now(),
): BookingAction[] {
  return availableBookingActions(status, actor).filter((action) => isBookingActionTimely(action, actor, start, now));
}

/** A booking that no action can change any more. */
export const isFinalBookingStatus = (status: BookingStatus): boolean =>
  BOOKING_ACTIONS.every((action) => !BOOKING_TRANSITIONS[action].from.includes(status));

/**
 * Whether a booking's messages are read-only on its pages: a teleconsultation's messages are its
 * call's chat, which the server closes with the call (409 'La teleconsulenza è terminata'). The
 * booking does not carry the call's end, but a teleconsultation's booking is final exactly when its
 * call is over: ended (evaso) or closed without it (cancelled, refused, expired, missed).
 */
export const bookingMessagesClosed = (booking: { kind: string; status: BookingStatus }): boolean =>
  booking.kind === "teleconsulto" && isFinalBookingStatus(booking.status);

/** What `citizenMayCancelTeleconsult` reads of a teleconsultation (the API's row or the client's answer). */
export interface TeleconsultCancelFacts {
  kind: string;
  status: BookingStatus;
  /** The booking's start: the slot (specialist), or when it was taken in charge (quick, paediatric). */
  start: string | Date | null;
  /** The call's first connection: the teleconsultation's real start. */
  connected_at: string | Date | null;
  ended_at: string | Date | null;
}

/**
 * Whether the citizen may withdraw a teleconsultation now (issue 10: "before the start the operator
 * cancels with a reason, the citizen freely"). A quick or paediatric call starts at its first
 * connection, not at the booking's start (set to the moment an operator takes it in charge), so it
 * can be withdrawn while it waits and once taken, until the call connects. A specialist one is an
 * appointment at a slot: the appointment's time rule, and never once its call connected. The API
 * applies the same rule (bookings' cancel with the teleconsult module's hook).
 */
export function citizenMayCancelTeleconsult(teleconsult: TeleconsultCancelFacts, now: number = Date.now()): boolean {
  if (nextBookingStatus(teleconsult.status, "cancel", "citizen") === null) return false;
  if (teleconsult.connected_at !== null || teleconsult.ended_at !== null) return false;
  return teleconsult.kind !== "specialistico" || !hasAppointmentPassed(teleconsult.start, now);
}

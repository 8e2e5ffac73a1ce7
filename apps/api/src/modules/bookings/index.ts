import type { CuraModule } from "../../platform/module.ts";
import { bookingsRoutes } from "./routes.ts";
import { calendarRoutes } from "./routes-calendar.ts";
import { frequencyRoutes } from "./routes-frequencies.ts";
import { listCountsRoutes } from "./routes-list-counts.ts";
import { bookingMessagesRoutes } from "./routes-messages.ts";
import { operatorBookingsRoutes } from "./routes-operator.ts";

export const bookingsModule: CuraModule = {
  name: "bookings",
  // Each route file is its own plugin under the module's prefix: pass on the context only (passing
  // the options whole would add the /api/v1 prefix a second time).
  routes: async (app, { ctx }) => {
    await app.register(bookingsRoutes, { ctx });
    await app.register(bookingMessagesRoutes, { ctx });
    await app.register(operatorBookingsRoutes, { ctx });
    await app.register(calendarRoutes, { ctx });
    await app.register(frequencyRoutes, { ctx });
    await app.register(listCountsRoutes, { ctx });
  },
};

// The module's public surface (docs/architecture.md "Boundaries"): the agenda shows a citizen's
// bookings; the patients module books a free slot for a patient and enters and shows the company's
// bookings, and lists the people who booked there among its patients (the read models). Every change
// still goes through history.ts recordChange, inside this module.
// The administrator's bookings page (issue 14): every company's bookings, read only.
export { type AdminBookingFilter, type AdminBookingRow, adminBookingsBatch, adminBookingsPage } from "./admin-list.ts";
export { freeSlotAt } from "./availability.ts";
export { bookingById, companyBookings, type EnteredChange, enterBooking } from "./company-entries.ts";
export { citizenCalendar } from "./lists.ts";
// The teleconsult room saves its chat as the booking's messages (the same rules and notifications).
export { postMessage } from "./messages.ts";
export { bookingCountOf, bookingUserIds } from "./read-models.ts";
// The teleconsult module: its requests are bookings of kind teleconsulto, entered, read, moved and
// ended here; confirming one calls its hook (the operator assigned) in confirm's transaction, the
// citizen's cancel and a message on one call theirs (the call's start and end decide).
export {
  enterTeleconsultBooking,
  lockTeleconsultBooking,
  moveTeleconsultStart,
  setTeleconsultBookedHook,
  setTeleconsultCancelHook,
  setTeleconsultConfirmHook,
  setTeleconsultMessageHook,
  setTeleconsultProposeHook,
  setTeleconsultSettledHook,
  settleTeleconsultBooking,
  TELECONSULT_KIND,
  type TeleconsultBookingState,
  teleconsultBookingJson,
  teleconsultBookingStates,
} from "./teleconsult-entries.ts";
// The reminders (notifications module): "Non posso venire" cancels as the citizen would, reason 2.
export { cancel as cancelBooking } from "./transitions.ts";

import type { CuraModule } from "../../platform/module.ts";
import { notificationsRoutes } from "./routes.ts";

export const notificationsModule: CuraModule = { name: "notifications", routes: notificationsRoutes };

// The module's public surface: bookings' history tells this module of each change (in the change's
// transaction), and reading a booking's messages marks their notifications read; other modules
// notify one user (companies: a request to join, to the company's administrators).
export {
  type BookingChangeNotice,
  type NoticeBooking,
  notifyBookingChange,
  notifyBookingChanges,
} from "./booking-hook.ts";
// The start-up seed: bookings' demo data says which of its past appointments had a reminder.
export { type DemoReminder, seedDemoReminders } from "./reminders/demo-data.ts";
export { notifyUser, readMessageNotifications } from "./service.ts";

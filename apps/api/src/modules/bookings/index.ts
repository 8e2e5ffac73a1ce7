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

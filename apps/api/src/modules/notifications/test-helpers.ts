import { expect } from "vitest";
import type { TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createDiskStorage } from "../../platform/files/storage.ts";
import { createIds } from "../../platform/ids.ts";
import { createMailer } from "../../platform/messaging/mailer.ts";
import { createOutbox } from "../../platform/messaging/outbox.ts";
import { createOutboxSmsSender } from "../../platform/messaging/sms.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, nextMonday } from "../companies/test-helpers.ts";

/** Tests of notifications and booking messages: a bookable health service and free slots. */

export const testIds = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

/** A module context like the app's, on the test's database: a second dispatcher, as another instance would run. */
export function moduleContext(t: TestContext): ModuleContext {
  const config = loadConfig({ NODE_ENV: "test", STORAGE_DIR: t.storageDir });
  const outbox = createOutbox(t.database.db);
  return {
    config,
    db: t.database.db,
    ids: testIds,
    outbox,
    mailer: createMailer({ from: config.mailFrom, outbox }),
    sms: createOutboxSmsSender(outbox),
    storage: createDiskStorage(t.storageDir),
    jobs: t.app.jobs,
    realtime: t.app.realtime,
    ping: t.database.ping,
  };
}

export interface Bookable {
  service: string;
  /** A new free slot's start each call (Monday to Friday of next week, 08:00–17:30). */
  nextSlot(): string;
  /** The citizen books the next free slot; answers the booking's hashid. */
  book(citizen: Caller, notes?: string): Promise<string>;
}

/** A health service of Farmacia San Marco, open Monday to Friday 08:00–18:00 with 30-minute slots. */
export async function bookableService(pharmacyAdmin: Caller, name = "Misurazione pressione"): Promise<Bookable> {
  const created = await pharmacyAdmin.call("POST", "healthservices", { name, slot_minutes: 30 });
  expect(created.statusCode, created.body).toBe(201);
  const service = created.json().data.hashid as string;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
  const monday = nextMonday();
  let n = 0;
  const nextSlot = () => {
    const index = n++;
    const day = Math.floor(index / 20) % 5;
    const minutes = 8 * 60 + (index % 20) * 30;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    return new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
  };
  return {
    service,
    nextSlot,
    async book(citizen, notes) {
      const response = await citizen.call("POST", "reservations", {
        health_service: service,
        start: nextSlot(),
        ...(notes ? { notes } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.hashid as string;
    },
  };
}

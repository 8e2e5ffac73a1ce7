import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { buildApp, webDistDir } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { migrate } from "../apps/api/src/db/migrate.ts";
import { DEMO_PASSWORD, demoPerson, seedDemoActivity, seedDemoData } from "../apps/api/src/db/seed.ts";
import { bookingEvents, bookings } from "../apps/api/src/modules/bookings/tables.ts";
import { companies, healthServices } from "../apps/api/src/modules/companies/tables.ts";
import { users } from "../apps/api/src/modules/identity/tables.ts";
import { popupQuestions } from "../apps/api/src/modules/notifications/popup-questions/tables.ts";
import { hashPassword } from "../apps/api/src/platform/auth/passwords.ts";
import { JOURNEY_CITIZENS } from "./journey-accounts.ts";
import { teleconsultRoomFixtures } from "./teleconsult-room-fixtures.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The built web app served by the real API on a fresh, seeded database, as `npm start` does. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(webDistDir, "index.html"))) {
    throw new Error("The web app is not built: run `npm run build` first (npm test does it).");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "cura-e2e-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" });
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await seedDemoData(database.db);
  await seedDemoActivity(database.db);
  await journeyFixtures(database.db);
  project.provide("teleconsultRoomCalls", await teleconsultRoomFixtures(database.db));
  const app = await buildApp({ config, database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  return async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Accounts in the states some journeys start from, on top of the demo world. */
export const TEMPORARY_PASSWORD_OPERATOR = "monitoraggio.operatore@cura.demo";

/** The note of Maria's confirmed booking whose time passed an hour ago (bookings journey 4). */
const PAST_CONFIRMED_NOTE = "Arrivo a digiuno, come indicato.";

async function journeyFixtures(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const person of Object.values(JOURNEY_CITIZENS))
      await demoPerson(tx, passwordHash, new Date(), person.email, 0, person);
  });
  // An operator whose administrator has just created the account with a temporary password.
  await db.update(users).set({ temporaryPassword: true }).where(eq(users.email, TEMPORARY_PASSWORD_OPERATOR));
  await pastConfirmedBooking(db);
  // The demo popup question would open over every citizen journey's first page: the journeys that
  // are not about it start without one (its component and API tests cover it).
  await db.update(popupQuestions).set({ active: false });
}

/**
 * Bookings journey 4: Maria's blood-pressure check at Farmacia San Marco, still confirmed, whose time
 * passed an hour ago, so that its notes are read-only because of the time and not of the status.
 */
async function pastConfirmedBooking(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const [maria] = await db.select({ id: users.id }).from(users).where(eq(users.email, "maria.rossi@cura.demo"));
  const [service] = await db
    .select({ id: healthServices.id, companyId: healthServices.companyId })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .where(and(eq(companies.name, "Farmacia San Marco"), eq(healthServices.name, "Misurazione della pressione")));
  if (!maria || !service) throw new Error("The demo world lacks Maria or San Marco's blood-pressure check");
  const start = new Date(Date.now() - 60 * 60_000);
  const [row] = await db
    .insert(bookings)
    .values({
      companyId: service.companyId,
      healthServiceId: service.id,
      userId: maria.id,
      status: "confermato",
      startAt: start,
      endAt: new Date(start.getTime() + 15 * 60_000),
      notes: PAST_CONFIRMED_NOTE,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error("The past confirmed booking was not created");
  await db.insert(bookingEvents).values([
    { bookingId: row.id, actorUserId: maria.id, action: "created", fromStatus: null, toStatus: "ricevuto" },
    { bookingId: row.id, actorUserId: null, action: "confirm", fromStatus: "ricevuto", toStatus: "confermato" },
  ]);
}

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { buildApp, webDistDir } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { migrate } from "../apps/api/src/db/migrate.ts";
import { seedDemoData } from "../apps/api/src/db/seed.ts";
import { users } from "../apps/api/src/modules/identity/tables.ts";

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
  await journeyFixtures(database.db);
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

async function journeyFixtures(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  // An operator whose administrator has just created the account with a temporary password.
  await db.update(users).set({ temporaryPassword: true }).where(eq(users.email, TEMPORARY_PASSWORD_OPERATOR));
}

import { fileURLToPath } from "node:url";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the committed drizzle-kit migrations; safe to run on every start. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's database type
    await migratePglite(handle.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's database type
    await migrateNodePg(handle.db as any, { migrationsFolder });
  }
}

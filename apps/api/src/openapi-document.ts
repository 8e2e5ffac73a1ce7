import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase, pgliteExtensions } from "./db/client.ts";

/** Where the committed OpenAPI document lives (DESIGN §1: generated files are committed and checked). */
export const OPENAPI_DOCUMENT_PATH = new URL("../openapi.json", import.meta.url);

/**
 * The API's OpenAPI document as production serves it (no development routes), as stable text. The
 * routes are only registered, never called, so an empty in-memory database is enough.
 */
export async function renderOpenApiDocument(): Promise<string> {
  const storageDir = mkdtempSync(join(tmpdir(), "cura-openapi-"));
  const database = await openDatabase({ pglite: new PGlite({ extensions: await pgliteExtensions() }) });
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    STORAGE_DIR: storageDir,
    // Throw-away secrets: the document does not depend on them.
    FILES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    APP_SECRET: randomBytes(32).toString("hex"),
  });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

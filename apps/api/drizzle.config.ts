import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the tables; they are committed and checked in CI (db:check).
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/api/src/db/schema.ts",
  out: "./apps/api/src/db/migrations",
  casing: "snake_case",
});

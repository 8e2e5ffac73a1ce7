import { defineProject } from "vitest/config";

export default defineProject({
  root: import.meta.dirname,
  test: {
    name: "api",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    // Each file gets its own database (a PGlite copy of the template, or its own PostgreSQL database).
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from "vitest/config";

// One runner for everything; each workspace has its own project configuration.
export default defineConfig({
  test: {
    projects: [
      "packages/domain/vitest.config.ts",
      "apps/api/vitest.config.ts",
      "apps/web/vitest.config.ts",
      "apps/web/vitest.budgets.config.ts",
      "e2e/vitest.config.ts",
      "e2e/vitest.phone.config.ts",
    ],
  },
});

import { defineProject } from "vitest/config";

/**
 * Front-end budgets: read the built app (apps/web/dist), so npm test runs them after "Build the web
 * app", not with the unit tests (scripts/test.ts).
 */
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: "budgets",
    include: ["test/**/*.test.ts"],
    environment: "node",
  },
});

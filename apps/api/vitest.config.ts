import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  root: import.meta.dirname,
  test: {
    name: "api",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // `*.pg.test.ts`: behaviour only a PostgreSQL server has (other connections, killed backends,
    // statement_timeout); they run in the PostgreSQL pass (TEST_DATABASE_URL), not on PGlite.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.test.ts"])],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    // Each file gets its own database (a PGlite copy of the template, or its own PostgreSQL database).
    fileParallelism: true,
    // Files share a worker's module graph instead of importing the app again per file (~40 s a pass
    // on two cores). Safe because every file builds its own app and database (test/helpers.ts) and no
    // test mocks modules or stubs globals; module-level hooks are set again by each app it builds.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

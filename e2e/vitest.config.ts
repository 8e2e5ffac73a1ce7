import { defineProject } from "vitest/config";

export default defineProject({
  root: import.meta.dirname,
  test: {
    name: "e2e",
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["global-setup.ts"],
    // One server and one browser at a time: this machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Lazy pages and their first API call can take seconds on two busy cores; 1 s (the default) flakes.
    expect: { poll: { timeout: 15_000 } },
  },
});

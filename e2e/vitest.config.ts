import { defineProject } from "vitest/config";

/** The journeys at 1366×768. vitest.phone.config.ts runs them all again at 390×844 (project e2e-phone). */
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: "e2e",
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["global-setup.ts"],
    // One server and one browser at a time: this machine has two cores.
    fileParallelism: false,
    // And one size at a time: the phone pass (group 2) starts when this one is over.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Lazy pages and their first API call can take seconds on two busy cores; 1 s (the default) flakes.
    expect: { poll: { timeout: 15_000 } },
  },
});

import { defineProject, mergeConfig } from "vitest/config";
import desktop from "./vitest.config.ts";

/**
 * Every journey again in a 390×844 window (issue 16): the checks of each step (no sideways overflow,
 * visible fields, axe) then judge the phone layout too. Its own server and database (global-setup
 * runs per project), after the desktop pass.
 */
export default mergeConfig(
  desktop,
  defineProject({
    test: {
      name: "e2e-phone",
      env: { CURA_VIEWPORT: "390x844" },
      sequence: { groupOrder: 2 },
    },
  }),
);

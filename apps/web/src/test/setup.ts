import "../lib/i18n.ts";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { session } from "../lib/session.ts";

// The first render of a file compiles the lazy pages (design-react-kit is large): allow for it.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the root layout scrolls to the top on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  session.reload();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

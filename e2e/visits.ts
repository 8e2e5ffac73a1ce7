import { appendFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, onTestFinished } from "vitest";

/**
 * Which pages a journey showed and which it checked (expectAccessible). With CURA_CHECKS_COVERAGE=<file>,
 * each test appends the routes it checked ("checked /route") and those it visited and never checked
 * ("unchecked /route test"): a route unchecked in every test is a journey step that lacks an
 * `expectAccessible` call. Ids in paths are folded to ":id" so a route counts once.
 */
const visited = new WeakMap<Page, Set<string>>();
const seen = new WeakMap<Page, Set<string>>();

const route = (url: string) => {
  const { pathname } = new URL(url);
  return pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) && /[a-z]/i.test(segment) && segment.length >= 6 ? ":id" : segment))
    .join("/");
};

export function trackVisits(page: Page): void {
  const report = process.env.CURA_CHECKS_COVERAGE;
  if (!report) return;
  visited.set(page, new Set());
  seen.set(page, new Set());
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith("http")) visited.get(page)?.add(route(frame.url()));
  });
  const test = expect.getState().currentTestName ?? "?";
  const file = expect.getState().testPath ?? "?";
  onTestFinished(() => {
    const checkedRoutes = seen.get(page) ?? new Set();
    const missed = [...(visited.get(page) ?? [])].filter((r) => !checkedRoutes.has(r) && !r.startsWith("/api/"));
    const where = `${file.replace(/.*\/e2e\//, "")} › ${test}`;
    const lines = [...missed.map((r) => `unchecked ${r} ${where}`), ...[...checkedRoutes].map((r) => `checked ${r}`)];
    if (lines.length) appendFileSync(report, `${lines.join("\n")}\n`);
  });
}

export function checked(page: Page): void {
  seen.get(page)?.add(route(page.url()));
}

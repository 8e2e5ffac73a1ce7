import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, signIn } from "./browser.ts";

/**
 * What the browser reports while it loads the app: no issue in its Issues panel (a CSP violation
 * there costs Lighthouse's best-practices score), and compressed, cacheable assets.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Collects the issues Chromium's inspector raises (Audits domain) for a page. */
async function watchIssues(page: Page): Promise<string[]> {
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) => issues.push(`${issue.code} ${JSON.stringify(issue.details)}`));
  await cdp.send("Audits.enable");
  return issues;
}

describe("web delivery", () => {
  it("loads the sign-in page and a citizen's home without inspector issues (CSP), compressed and cacheable", async () => {
    const page = await newPage(browser);
    const issues = await watchIssues(page);
    const scripts: { url: string; encoding?: string; cache?: string; length: number }[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) {
        const headers = response.headers();
        scripts.push({
          url: response.url(),
          encoding: headers["content-encoding"],
          cache: headers["cache-control"],
          length: Number(headers["content-length"] ?? 0),
        });
      }
    });

    await page.goto("/login");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Accedi");
    await signIn(page, "maria.rossi@cura.demo");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Maria/);
    await page.waitForLoadState("networkidle");

    expect(issues).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      // Files under 1 KB are not worth a compressed copy (apps/web/vite-plugins/precompress.ts).
      if (script.encoding === undefined) expect(script.length, script.url).toBeLessThan(1024);
      else expect(script.encoding, script.url).toBe("br");
      expect(script.cache, script.url).toBe("public, max-age=31536000, immutable");
    }
    await page.close();
  });
});

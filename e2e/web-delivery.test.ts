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

  it("paints the sign-in page from its prerendered HTML, inert, and the app takes it over with the same markup and no layout shift", async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The page's code is held back: what shows is the HTML the server sent.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/LoginPage-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login");
    const prerendered = page.locator("#root[inert]");
    await expect.poll(() => prerendered.locator("h1").textContent()).toBe("Accedi");
    // Nothing in it can be typed into or clicked: what a visitor typed would be lost.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const before = await prerendered.innerHTML();

    release();
    await expect.poll(() => page.locator("#root:not([inert]) h1").count()).toBe(1);
    const after = await page.locator("#root").innerHTML();
    // The same page, but for the ids React gives the fields (and what points to them) and the icons'
    // drawings, which arrive in chunks of their own a moment later (same box: nothing moves).
    const comparable = (html: string) =>
      html.replace(/ (id|for|aria-[a-z]+by)="[^"]*"/g, "").replace(/<svg[^>]*>.*?<\/svg>/g, "<svg></svg>");
    expect(comparable(after)).toBe(comparable(before));
    await page.getByLabel("E-mail o nome utente").fill("maria.rossi@cura.demo");
    expect(await page.getByLabel("E-mail o nome utente").inputValue()).toBe("maria.rossi@cura.demo");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await page.close();
  });
});

import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import type { Plugin } from "vite";

/**
 * The sign-in page as HTML, so that a phone paints it before the JavaScript has arrived (issue 15:
 * Lighthouse's mobile score on /login; the first paint waited for the entry, the layout and the page
 * chunks, about 1.5 s of a slow 4G's download). After the build, the app itself is opened on /login
 * in headless Chromium (Debian's, as the journeys use it) against the build served from a local
 * folder, with every API call answered 404, and what it rendered in #root is written into `login.html`,
 * which the server answers for /login (apps/api/src/app.ts).
 *
 * The copy is marked `inert`: nothing in it can be clicked or typed into (whatever was typed would be
 * lost when the app replaces it). The app renders over it once the page's code is there
 * (main.tsx), with the same markup, so nothing moves. It is what the app draws for a visitor before
 * any answer of the API, in Italian (the default language): an English visitor sees the Italian
 * page until the app's first render, a moment on a slow phone.
 *
 * Without Chromium (`npm start` on a machine without it) the build has no login.html and the server
 * answers /login with index.html, as before: a slower first paint, nothing else.
 */
const PRERENDERED_PAGES = [{ path: "/login", file: "login.html" }] as const;

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
};

/**
 * The build, with every path that is not a file answered by index.html (client routing). API calls
 * get 404, which the app does not retry: the page stays as it is drawn before any answer.
 */
function serveBuild(outDir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    if (path.startsWith("/api/")) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"message":"Risorsa non trovata"}');
      return;
    }
    const file = normalize(join(outDir, path));
    const inside = file.startsWith(`${outDir}${sep}`);
    const target = inside && existsSync(file) && extname(file) !== "" ? file : join(outDir, "index.html");
    readFile(target).then(
      (body) =>
        response.writeHead(200, { "content-type": TYPES[extname(target)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * #root's content once the page has rendered and settled (no request in flight for 500 ms), and the
 * stylesheets the page's chunks added to the head (a lazy component's CSS: without it, its markup
 * would be drawn unstyled until the code arrives, and move).
 */
async function renderedPage(
  base: string,
  path: string,
): Promise<{ root: string; stylesheets: string[]; fonts: string[] }> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await page.locator("#root h1").waitFor();
    return await page.evaluate(() => ({
      root: document.getElementById("root")?.innerHTML ?? "",
      // As paths: the build is served from another origin here.
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
      fonts: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith(".woff2")),
    }));
  } finally {
    await browser.close();
  }
}

/** Writes each of PRERENDERED_PAGES into the build. */
async function prerenderPages(outDir: string): Promise<void> {
  const template = await readFile(join(outDir, "index.html"), "utf8");
  const server = await serveBuild(outDir);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const { path, file } of PRERENDERED_PAGES) {
      const { root, stylesheets, fonts } = await renderedPage(base, path);
      if (!root.includes("<h1")) throw new Error(`prerender of ${path}: no page rendered`);
      // The app's loader finds these links already there and does not add them again.
      const links = [
        ...stylesheets
          .filter((href) => !template.includes(`href="${href}"`))
          .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        // The faces the page is drawn with, fetched beside the stylesheet: drawn first in the
        // fallback font, the page moved when they arrived (a layout shift of 0.10 on a phone).
        ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
      ].join("");
      const page = template
        .replace("</head>", `${links}</head>`)
        .replace('<div id="root"></div>', `<div id="root" inert>${root}</div>`);
      if (!page.includes('<div id="root" inert>')) throw new Error('index.html has no <div id="root"></div>');
      await writeFile(join(outDir, file), page);
    }
  } finally {
    server.close();
  }
}

export function prerender(): Plugin {
  let outDir = "";
  return {
    name: "cura:prerender",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Listed before precompress in vite.config.ts (rolldown runs closeBundle hooks in
    // order, one after the other), so login.html gets its compressed copies.
    async closeBundle() {
      if (!existsSync(CHROMIUM)) {
        this.warn(`${CHROMIUM} is missing: no prerendered pages (the app renders them in the browser)`);
        return;
      }
      // A page that could not be prerendered is served as index.html: slower to paint, not broken
      // (the journeys' web-delivery test fails when login.html is missing).
      await prerenderPages(outDir).catch((error: unknown) => this.warn(`no prerendered pages: ${String(error)}`));
    },
  };
}

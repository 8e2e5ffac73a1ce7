import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers.ts";

/**
 * How the server delivers the built web app: a folder laid out as `vite build` writes it (with the
 * precompressed copies of apps/web/vite-plugins/precompress.ts), served by the whole app.
 */
const INDEX = `<!doctype html><html lang="it"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${" ".repeat(2000)}</body></html>`;
/** The sign-in page prerendered by the build (apps/web/vite-plugins/prerender.ts). */
const LOGIN = INDEX.replace('<div id="root"></div>', '<div id="root" inert><h1>Accedi</h1></div>');
const SCRIPT = `console.log(${JSON.stringify("Cura ".repeat(500))});`;

let dist: string;
let t: TestContext;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "cura-web-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, "fonts"));
  const write = (path: string, content: string, compressed = true) => {
    writeFileSync(join(dist, path), content);
    if (!compressed) return;
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  };
  write("index.html", INDEX);
  write("login.html", LOGIN);
  write("assets/index-Ab12Cd34.js", SCRIPT);
  write("fonts/titillium.woff2", "wOF2", false);
  cpSync(join(import.meta.dirname, "../../web/public/robots.txt"), join(dist, "robots.txt"));
  t = await createTestContext({}, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.request({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("web app delivery", () => {
  it("sends the brotli copy to a browser that accepts it, gzip to one that does not, and varies on it", async () => {
    const br = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get("/assets/index-Ab12Cd34.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get("/assets/index-Ab12Cd34.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("lets browsers keep content-hashed assets for a year, and revalidate index.html on every load", async () => {
    const asset = await get("/assets/index-Ab12Cd34.js", "br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    // The SPA's pages are index.html, whichever path the browser asked for; a page the build
    // prerendered is its own copy (the sign-in page, with or without a query).
    const pages = {
      "/cittadino/home": INDEX,
      "/": INDEX,
      "/register": INDEX,
      "/login": LOGIN,
      "/login?access_token=abc": LOGIN,
      "/login/": INDEX,
    };
    for (const [url, html] of Object.entries(pages)) {
      const page = await get(url, "br, gzip");
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
    }
  });

  it("answers a missing asset with 404, not with the app's page (an old tab asking for a replaced chunk)", async () => {
    const response = await get("/assets/index-Old00000.js", "br");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
  });

  it("serves a real robots.txt: the public pages may be indexed, the API and the signed-in areas not", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const rules = response.body.split("\n").filter((line) => line.startsWith("Disallow:"));
    for (const privatePath of ["/api/", "/cittadino", "/operatore", "/admin", "/dev/"]) {
      expect(rules).toContain(`Disallow: ${privatePath}`);
    }
    expect(rules.some((rule) => ["/", "/login", "/register", "/help"].includes(rule.slice(10).trim()))).toBe(false);
  });

  it("keeps the fonts a day (their names carry no hash)", async () => {
    const response = await get("/fonts/titillium.woff2");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
  });
});

import type { NationalIdentityProvider } from "@cura/domain";

/**
 * A tiny browser for the API tests of the SPID/CIE flow: fetch with manual redirects and a cookie
 * jar that honours Path and Max-Age, against a real listening server.
 */
interface StoredCookie {
  value: string;
  path: string;
}

export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();
  /** Every Set-Cookie header seen, as sent. */
  readonly setCookies: string[] = [];

  readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  async fetch(target: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    const url = new URL(target, this.base);
    const cookie = this.cookieHeader(url);
    const response = await fetch(url, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      body: init.body,
    });
    for (const header of response.headers.getSetCookie()) {
      this.setCookies.push(header);
      const [pair = "", ...attributes] = header.split(";").map((p) => p.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="))?.slice(8);
      const expires = attributes.find((a) => a.toLowerCase().startsWith("expires="))?.slice(8);
      const gone = maxAge === "0" || (expires !== undefined && new Date(expires).getTime() < Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
    return response;
  }

  /** Follows redirects until one leaves the API (the web app's return page) or a page answers. */
  async follow(target: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    let response = await this.fetch(target, init);
    let location = response.headers.get("location");
    for (let hops = 0; location && hops < 10; hops++) {
      const next = new URL(location, response.url || this.base);
      if (!next.pathname.startsWith("/api/")) return { response, location: next };
      response = await this.fetch(next.href);
      location = response.headers.get("location");
    }
    return { response, location: null };
  }

  async postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await this.fetch(path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    });
    // The JSON of an answer, loosely typed as the API tests read it (like inject's json()).
    const json: ReturnType<typeof JSON.parse> = await response.json();
    return { status: response.status, json };
  }
}

/**
 * Start → the provider's login page → choose an identity → back at /login/{provider}. Answers the
 * page's address (with token or error) and the provider's page text.
 */
export async function signInWithTestIdentity(
  browser: TestBrowser,
  provider: NationalIdentityProvider,
  identityId: string,
  action: "login" | "cancel" = "login",
): Promise<{ returnUrl: URL; providerPage: string }> {
  const atProvider = await browser.follow(`/api/v1/auth/${provider}/start`);
  if (atProvider.location || atProvider.response.status !== 200) {
    throw new Error(`no provider page: ${atProvider.response.status} ${atProvider.location?.href ?? ""}`);
  }
  const providerPage = await atProvider.response.text();
  const formAction = /<form method="post" action="([^"]+)"/.exec(providerPage)?.[1];
  if (!formAction) throw new Error(`no login form in: ${providerPage.slice(0, 500)}`);
  const back = await browser.follow(formAction.replaceAll("&amp;", "&"), {
    method: "POST",
    body: new URLSearchParams({ identity: identityId, action }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (!back.location) throw new Error(`no return to the web app: ${back.response.status}`);
  return { returnUrl: back.location, providerPage };
}

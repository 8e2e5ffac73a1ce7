import type { TestContext } from "./helpers.ts";

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: { public: boolean; types?: number[]; permissions?: string[] };
  hasBody: boolean;
  params: string[];
  query: Array<{ name: string; required: boolean }>;
}

/** Every operation of the served OpenAPI document under /api/v1. */
export async function operationsOf(t: TestContext): Promise<Operation[]> {
  const doc = (await t.request({ method: "GET", url: "/api/docs/json" })).json();
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    if (!path.startsWith("/api/v1/")) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const parameters = (op.parameters ?? []) as Array<{ in: string; name: string; required?: boolean }>;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        access: op["x-access"] as Operation["access"],
        hasBody: Boolean(op.requestBody),
        params: parameters.filter((p) => p.in === "path").map((p) => p.name),
        query: parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, required: Boolean(p.required) })),
      });
    }
  }
  return operations;
}

/** The path with each {param} replaced (percent-encoded by `encode`). */
export function fillPath(
  path: string,
  value: (name: string) => string,
  encode: (text: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(value(name)));
}

/**
 * Percent-encoding that keeps a lone surrogate as the bytes a client could send for it (its
 * three-byte form, invalid UTF-8), where encodeURIComponent throws and URLSearchParams would quietly
 * turn it into U+FFFD.
 */
export function encodeRaw(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

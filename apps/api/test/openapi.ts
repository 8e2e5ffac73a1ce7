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

/** The path with each {param} replaced. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

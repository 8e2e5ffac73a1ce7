import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT_PATH, renderOpenApiDocument } from "../src/openapi-document.ts";

describe("the committed OpenAPI document", () => {
  it("is what the routes produce (run `npm run openapi` and commit apps/api/openapi.json when this fails)", async () => {
    const committed = readFileSync(OPENAPI_DOCUMENT_PATH, "utf8");
    const current = await renderOpenApiDocument();
    // Compare the parsed documents first for a readable diff, then the text for formatting.
    expect(JSON.parse(current)).toEqual(JSON.parse(committed));
    expect(current).toBe(committed);
  }, 60_000);
});

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OPENAPI_DOCUMENT_PATH, renderOpenApiDocument } from "../apps/api/src/openapi-document.ts";

/** `npm run openapi`: writes apps/api/openapi.json from the routes (commit it with the change). */
writeFileSync(OPENAPI_DOCUMENT_PATH, await renderOpenApiDocument());
console.log(`OpenAPI document written to ${fileURLToPath(OPENAPI_DOCUMENT_PATH)}`);
process.exit(0);

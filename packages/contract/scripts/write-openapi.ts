/**
 * `pnpm openapi`: writes docs/openapi.json (at the repository root) from the contract.
 * Run it after changing a route or a model; the contract tests fail while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, OPENAPI_PATH, serializeOpenApi } from './openapi-document.js';

writeFileSync(OPENAPI_PATH, serializeOpenApi(buildOpenApiDocument()));
console.log(`wrote ${OPENAPI_PATH}`);

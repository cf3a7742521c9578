import openapiTS, { astToString } from "openapi-typescript";

import { openApiDocument } from "~/services/api/openapi.server";
import { V1_ENDPOINTS } from "~/services/api/v1.server";

/** The API's OpenAPI document, as /api/v1/openapi.json serves it. */
export const document = () => openApiDocument(V1_ENDPOINTS);

const HEADER = "// Written by openapi-typescript from /api/v1/openapi.json: `npm run api:types` writes it again.\n\n";

/** The types openapi-typescript writes for the document (tests/api/schema.d.ts holds them; a test keeps it current). */
export async function generatedTypes() {
  return `${HEADER}${astToString(await openapiTS(document() as never))}`;
}

// Writes tests/api/schema.d.ts, the types openapi-typescript generates from the API's OpenAPI document, which the
// tests' generated client (tests/api/client.ts) uses. tests/integration/api.test.ts fails while it is out of date.
import { writeFileSync } from "node:fs";
import path from "node:path";

process.env.MONGODB_URI ??= "mongodb://127.0.0.1:9/none";
process.env.SESSION_SECRET ??= "api-types-secret-0123456789";
const { generatedTypes } = await import("../tests/api/document");
const file = path.resolve(import.meta.dirname, "../tests/api/schema.d.ts");
writeFileSync(file, await generatedTypes());
console.log(`wrote ${path.relative(process.cwd(), file)}`);

// npm run client:generate — writes generated/openapi-types.ts from the hub's OpenAPI document.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateClientTypes, TYPES_FILE } from "../lib/client/generate-types";

const out = path.join(import.meta.dirname, "..", TYPES_FILE);
writeFileSync(out, await generateClientTypes());
console.log(`wrote ${TYPES_FILE}`);

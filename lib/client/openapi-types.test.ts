import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateClientTypes, TYPES_FILE } from "./generate-types";

describe("the typed client", () => {
  it("is generated from the current OpenAPI document (run `npm run client:generate` after changing lib/openapi or the schemas)", async () => {
    const committed = readFileSync(path.join(import.meta.dirname, "..", "..", TYPES_FILE), "utf8");
    expect(committed === (await generateClientTypes()), `${TYPES_FILE} is stale: run npm run client:generate`).toBe(true);
  });
});

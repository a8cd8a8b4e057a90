import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { handlersModule, scanRoutes } from "../../scripts/api-routes.mjs";
import { API_ROUTES } from "./api-routes";

describe("API_ROUTES", () => {
  it("lists every route file and its methods (run `node scripts/api-routes.mjs` after adding one)", () => {
    expect(API_ROUTES.map(([p, m]) => [p, [...m]])).toEqual(scanRoutes().map(([p, m]: [string, string[]]) => [p, m]));
  });

  it("lib/lifecycle/api-handlers.ts loads every route file (the edge serves API requests with it)", () => {
    expect(readFileSync(new URL("../lifecycle/api-handlers.ts", import.meta.url), "utf8")).toBe(handlersModule());
  });
});

import { describe, expect, it } from "vitest";
import { scanRoutes } from "../../scripts/api-routes.mjs";
import { API_ROUTES } from "./api-routes";

describe("API_ROUTES", () => {
  it("lists every route file and its methods (run `node scripts/api-routes.mjs` after adding one)", () => {
    expect(API_ROUTES.map(([p, m]) => [p, [...m]])).toEqual(scanRoutes());
  });
});

import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { json } from "./helpers";

export const metaPaths: ZodOpenApiPathsObject = {
  "/api/openapi.json": {
    get: {
      tags: ["meta"],
      summary: "This OpenAPI 3.1.0 document",
      responses: { "200": json(z.looseObject({ openapi: z.literal("3.1.0") }), "The document") },
    },
  },
};

const healthResponse = z.object({
  success: z.boolean(),
  network: z.enum(["testnet", "mainnet"]),
  database: z.enum(["ok", "down"]),
  chain: z.union([
    z.object({ status: z.literal("ok"), chainId: z.number().int(), usdc: z.object({ address: z.string(), name: z.string(), version: z.string(), decimals: z.number().int() }) }),
    z.object({ status: z.literal("down"), details: z.string() }),
  ]),
});

metaPaths["/health"] = {
  get: {
    tags: ["meta"],
    summary: "Database and chain liveness",
    description: "200 while the database answers (the chain may be down: payment routes then answer 503); 503 when the database is down.",
    responses: { "200": json(healthResponse, "The hub is up"), "503": json(healthResponse, "The database is down") },
  },
};

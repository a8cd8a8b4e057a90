import type { ZodOpenApiPathsObject } from "zod-openapi";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/**
 * The stable operationId of `method path`: the method, then each path segment in camelCase, path
 * parameters as `By<Name>` (GET /quickshare/{slug}/access → getQuickshareBySlugAccess). It changes
 * only when the route itself does, and it is unique because method + path is.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const parts = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ["by", ...parts] : parts;
    });
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

/**
 * How x402 indexers learn that an operation is paid (the `x-payment-info` OpenAPI extension): every
 * operation that documents a 402 gets it. Prices are per resource (content, share, post), so the
 * price is dynamic: the 402 challenge names the exact amount, asset, network and payee.
 */
export const PAYMENT_INFO = {
  price: { mode: "dynamic", currency: "USD", description: "Set per resource in USDC (6 decimals); the 402 challenge names the exact amount" },
  protocols: [{ x402: { version: 2, schemes: ["exact"], asset: "USDC", extensions: ["sign-in-with-x"] } }],
} as const;

/** Adds an operationId to every operation that has none, and x-payment-info to every paid one. */
export function withOperationMeta(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths as Record<string, Record<string, unknown> | undefined>)) {
    if (!item) continue;
    out[path] = Object.fromEntries(
      Object.entries(item).map(([method, value]) => {
        if (!(METHODS as readonly string[]).includes(method) || !value || typeof value !== "object") return [method, value];
        const op = value as { operationId?: string; responses?: Record<string, unknown> };
        const paid = !!op.responses && "402" in op.responses;
        return [method, { operationId: operationIdFor(method, path), ...op, ...(paid ? { "x-payment-info": PAYMENT_INFO } : {}) }];
      }),
    );
  }
  return out as ZodOpenApiPathsObject;
}

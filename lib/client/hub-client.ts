import createClient, { type ClientOptions } from "openapi-fetch";
import type { paths } from "@/generated/openapi-types";

/**
 * A typed client of the hub's HTTP API, from its own OpenAPI document (openapi-fetch over the types
 * `npm run client:generate` writes). Paths, parameters, bodies and answers are checked by the
 * compiler:
 *
 *   const hub = hubClient({ baseUrl: "http://localhost:3000" });
 *   const { data } = await hub.GET("/hub/explore/content", { params: { query: { limit: 20 } } });
 *
 * Paid routes answer 402 with the x402 challenge; pass `fetch: wrapFetchWithPayment(fetch, client)`
 * (@x402/fetch) to pay them on the way.
 */
export function hubClient(options: ClientOptions & { baseUrl: string }) {
  return createClient<paths>(options);
}

export type { paths };

// GET /openapi.json — the OpenAPI document where x402 indexers look first; the same handler as /api/openapi.json
export { GET } from "../api/openapi.json/route";

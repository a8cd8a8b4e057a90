// GET /.well-known/openapi.json — the OpenAPI document at its well-known address; the same handler as /api/openapi.json
export { GET } from "../../api/openapi.json/route";

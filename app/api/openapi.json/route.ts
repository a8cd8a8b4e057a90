import { route } from "@/lib/http/route";
import { openapiDocument } from "@/lib/openapi/document";

// GET /api/openapi.json — the OpenAPI 3.1.0 document of every route
export const GET = route({}, () => openapiDocument());

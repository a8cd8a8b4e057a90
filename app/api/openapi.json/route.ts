import { route } from "@/lib/http/route";
import { openapiOp } from "@/lib/openapi/paths-meta";
import { openapiDocument } from "@/lib/openapi/document";

// GET /api/openapi.json — the OpenAPI 3.1.0 document of every route (a Response: zod-openapi types `openapi` as any string)
export const GET = route(openapiOp, () => Response.json(openapiDocument()));

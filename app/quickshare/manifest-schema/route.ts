import { z } from "zod";
import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { manifestSchemaOp } from "@/lib/openapi/paths-quickshare";
import { manifestResponse } from "@/lib/schemas/quickshare";

// GET /quickshare/manifest-schema — JSON Schema of the quickshare manifest (the manifest's `schema` URL)
export const GET = route(manifestSchemaOp, () =>
  new JsonAnswer(z.toJSONSchema(manifestResponse, { target: "draft-2020-12", io: "output" }), { "cache-control": "public, max-age=3600" }),
);

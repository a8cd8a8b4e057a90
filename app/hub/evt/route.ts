import { ingestEvent } from "@/lib/events/ingest-event";
import { route } from "@/lib/http/route";
import { evtOp } from "@/lib/openapi/paths-events";

// POST /hub/evt — ingest a widget event from a verified site
export const POST = route({ ...evtOp, bodyType: "json-or-text", writes: "counts" }, ({ req, body }) =>
  ingestEvent({ body, origin: req.headers.get("origin"), referer: req.headers.get("referer") }),
);

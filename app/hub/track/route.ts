import { ingestEvent } from "@/lib/events/ingest-event";
import { route } from "@/lib/http/route";
import { trackOp } from "@/lib/openapi/paths-events";

// POST /hub/track — legacy alias of POST /hub/evt (also /api/hub/track)
export const POST = route({ ...trackOp, writes: "counts" }, ({ req, body }) =>
  ingestEvent({ body, origin: req.headers.get("origin"), referer: req.headers.get("referer") }),
);

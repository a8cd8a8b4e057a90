import { ingestEvent } from "@/lib/events/ingest-event";
import { route } from "@/lib/http/route";
import { eventBody } from "@/lib/schemas/events";

// POST /hub/track — legacy alias of POST /hub/evt (also /api/hub/track)
export const POST = route({ body: eventBody }, ({ req, body }) =>
  ingestEvent({ body, origin: req.headers.get("origin"), referer: req.headers.get("referer") }),
);

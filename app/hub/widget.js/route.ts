import { widgetScript } from "@/lib/events/widget-script";
import { route } from "@/lib/http/route";
import { widgetOp } from "@/lib/openapi/paths-events";

// GET /hub/widget.js — the embeddable widget that sends a creator page's events
export const GET = route(widgetOp, () =>
  new Response(widgetScript(), {
    headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  }),
);

import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation, type OperationDoc } from "@/lib/http/operation";
import { eventBody, eventResponse } from "@/lib/schemas/events";
import { errors, pathsOf } from "./helpers";

const ingestDoc = (summary: string): OperationDoc => ({
  tags: ["events"],
  summary,
  description: [
    "Events: page_view, resource_view, unlock_started, unlock_completed, payment_completed, content_rating. The body may be sent as text/plain (navigator.sendBeacon).",
    "Checks, in order: siteId and token (400 when missing; 403 `invalid-site-credentials`), removed site (403 `site-removed`), origin — the Origin (or Referer) header, the page url and resource.url must all be on the site's domain or a subdomain, and at least one must be given (403 `unknown-origin`), content id (403 `invalid-content-id`), resource fields (400), the per-site rate (429 with Retry-After), and a current verification: an event from a pending or stale site makes the hub look for the widget with the site's token on the reporting page (at most once per 30 s) and answers 403 `site-not-verified` / `verification-stale` when it is not there. resource.recipient must be an owner wallet of the site (403 `recipient-not-site-owner`).",
    "Rate: EVENT_RATE_LIMIT_PER_MINUTE events per site per minute (default 600), a fixed window counted in Redis when REDIS_URL is set (shared by every hub instance), else per instance; GET /api/svc/status reports it.",
    "Effects: the content record (network, site, resource.id) is created or updated from the resource (title, description, url, type, price, recipient, image, publisher tags, access/unlock policy). page_view counts a site view; resource_view a content view (and a ledger view row); unlock_completed an unlock (and a ledger unlock row); payment_completed a payment; content_rating a rating (daily counters); unlock_started counts nothing. unlock_completed / payment_completed naming a hub payment (paymentId or txHash) are recorded but not counted again.",
  ].join("\n\n"),
  answer: "Recorded",
  responses: errors(400, 403, 429),
});

export const evtOp = operation({ method: "post", path: "/hub/evt", body: eventBody, response: eventResponse, doc: ingestDoc("Ingest a widget event") });

export const trackOp = operation({
  method: "post",
  path: "/hub/track",
  body: eventBody,
  response: eventResponse,
  doc: { ...ingestDoc("Legacy alias of POST /hub/evt (also /api/hub/track)"), deprecated: true },
});

export const widgetOp = operation({
  method: "get",
  path: "/hub/widget.js",
  doc: {
    tags: ["events"],
    summary: "The embeddable widget script",
    description:
      'Embed with `<script async src="<hub>/hub/widget.js" data-site-id="<site id>" data-token="<token>"></script>`. It sends page_view on load and resource_view when the page describes a content item (an element with data-svc-resource="<id>" and data-svc-title, -price, -type, -recipient, -url, -tags, or <meta name="svc:resource"> tags). Other events: `window.svcWidget.track(kind, { resource, paymentId, txHash, rating })` or `document.dispatchEvent(new CustomEvent("svc:track", { detail: { event, … } }))`.',
    answer: "JavaScript",
    answerContent: { "application/javascript": { schema: z.string() } },
  },
});

export const eventsPaths: ZodOpenApiPathsObject = pathsOf(evtOp, trackOp, widgetOp);

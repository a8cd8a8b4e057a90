import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { shareManifest } from "@/lib/quickshare/share-manifest";
import { manifestResponse } from "@/lib/schemas/quickshare";
import { defineTool } from "../define-tool";

/** A bare slug, or the slug inside a share URL (/qs/<slug>, /quickshare/<slug>/…, with or without /api). */
function slugOf(input: string): string {
  const text = input.trim();
  if (!text.includes("/")) return text;
  let path: string;
  try {
    path = new URL(text, "http://share.invalid").pathname;
  } catch {
    throw new ApiError("invalid-request", "share: not a slug or a share URL");
  }
  const m = /^(?:\/api)?\/(?:qs|quickshare)\/([^/]+)/.exec(path);
  if (!m) throw new ApiError("invalid-request", "share: a share URL looks like /qs/<slug> or /quickshare/<slug>");
  return decodeURIComponent(m[1]!);
}

export const resolveShareTool = defineTool({
  name: "resolve_share",
  title: "Resolve a quickshare",
  description:
    "The manifest of a quickshare from its slug or full share URL: title, summary, content type, price, status, expiry, counters, the URLs to read (access, x402 402 challenge when paid), unlock and stream media. Never the body. Unknown or unpublished shares are an error (404), revoked ones too (410).",
  input: z.object({ share: z.string().min(1).max(500).describe("A share slug (8 base58 characters) or a share URL such as https://hub.example/qs/7Hq3xPzR") }),
  // A plain copy: the registered schema carries an OpenAPI id, which would make its JSON Schema a $ref.
  output: z.object(manifestResponse.shape),
  run: ({ share }) => shareManifest({ slug: slugOf(share) }),
});

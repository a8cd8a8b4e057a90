import "server-only";
import { ApiError } from "@/lib/http/errors";
import type { MediaKind } from "@/lib/schemas/quickshare";
import { decisionError } from "./decision-error";
import { loadAccess } from "./load-access";
import { mediaItemResponse } from "./media-item-response";
import type { AccessAdapter, ViewerInput } from "./types";

/**
 * One decrypted media file of a gated resource. Rule 8 decides (free public streams without proof;
 * paid needs an active, possessed entitlement; free invite-only needs a possessed listed wallet) —
 * media never charges — and rule 9 sets the headers. A single byte range is honoured so players seek.
 */
export async function serveMedia<R extends { id: string }>(
  adapter: AccessAdapter<R, unknown>,
  { key, kind, index, download, range, head = false, now = new Date(), ...input }: ViewerInput & {
    key: string;
    kind: MediaKind;
    index: number;
    download: boolean;
    range: string | null;
    /** A HEAD request: the same status and headers, no body. */
    head?: boolean;
    now?: Date;
  },
): Promise<Response> {
  const ctx = await loadAccess(adapter, { key, ...input, purpose: "media", now });
  const { decision, resource } = ctx;
  if (decision.outcome === "redirect") throw new ApiError("not-found", `This legacy ${adapter.noun} has no stored media`);
  const err = decisionError(decision, { noun: adapter.noun, notFound: adapter.notFound(key) });
  if (err) throw err;
  if (decision.outcome !== "grant" || !resource) throw new Error(`media: unexpected ${decision.outcome}`);
  const item = (await adapter.media(resource)).find((m) => m.kind === kind && m.index === index);
  if (!item) throw new ApiError("not-found", `This ${adapter.noun} has no ${kind} at index ${index}`);
  return mediaItemResponse({ item, download, range, head });
}

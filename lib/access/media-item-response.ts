import "server-only";
import { MEDIA_POLICY } from "@/lib/http/security-headers";
import { BlobChangedError } from "@/lib/storage/blob-store";
import type { MediaItem } from "./list-media";
import { openVerifiedBlob } from "./read-blob";

// Rule 9: media may sit in the reader's own cache for five minutes, never in a shared one.
export const MEDIA_CACHE_CONTROL = "private, max-age=300";

/**
 * One decrypted media item as the media routes of shares and posts answer it (rule 9 headers, one
 * byte range), streamed: only the segments of the asked bytes are fetched and opened, each verified
 * before its bytes are sent; the blob's header, its last segment (so its length) and the range's
 * first segment are verified before the answer starts (lib/access/read-blob.ts).
 */
export async function mediaItemResponse(request: MediaRequest): Promise<Response> {
  try {
    return await answer(request, !request.head);
  } catch (err) {
    // The remembered version of the blob is gone from the store (replaced, removed): once more, opened afresh.
    if (err instanceof BlobChangedError) return answer(request, false);
    throw err;
  }
}

type MediaRequest = { item: MediaItem; download: boolean; range: string | null; head?: boolean };

/** `trustSeen`: open a version of the blob verified before without asking the store first (a HEAD always asks). */
async function answer({ item, download, range, head = false }: MediaRequest, trustSeen: boolean): Promise<Response> {
  const kind = item.kind;
  const blob = await openVerifiedBlob({ storageRef: item.storageRef, wrappedKey: item.wrappedKey, what: `${kind} ${item.index}` }, { trustSeen });

  const headers: Record<string, string> = {
    "content-type": item.contentType,
    "cache-control": MEDIA_CACHE_CONTROL,
    "accept-ranges": "bytes",
    "x-content-type-options": "nosniff",
    // Decrypted files come from the hub's origin: they may never run script there.
    "content-security-policy": MEDIA_POLICY,
  };
  if (kind === "document" || kind === "video") headers["content-disposition"] = contentDisposition(download ? "attachment" : "inline", item.fileName);

  const size = blob.size;
  const span = parseRange(range, size);
  if (span === "unsatisfiable") {
    await blob.close();
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  if (span) headers["content-range"] = `bytes ${span.start}-${span.end}/${size}`;
  const status = span ? 206 : 200;
  if (head) {
    await blob.close(); // no body will be read: release the stored blob now, not when it is collected
    return new Response(null, { status, headers });
  }
  // Sent chunked: Next drops Content-Length from every route handler's answer.
  return new Response(await blob.body(span ?? undefined), { status, headers });
}

function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** One `bytes=a-b`, `a-` or `-n` range; anything else is ignored (whole body), as RFC 9110 allows. */
function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size || end < start) return "unsatisfiable";
  }
  return { start, end };
}

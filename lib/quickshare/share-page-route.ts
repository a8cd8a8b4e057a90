import "server-only";
import type { NextRequest } from "next/server";
import { loadAccess } from "@/lib/access/load-access";
import { readSession } from "@/lib/auth/session";
import { requestNow } from "@/lib/http/request-clock";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { findShare } from "./find-share";
import { shareAccess } from "./share-access";
import { shareStatus } from "./share-status";
import { shareUrls } from "./share-urls";
import { SHARE_PAGE_PATH, wantsSharePage } from "./wants-share-page";

export type SharePageRoute =
  | { kind: "agent"; pathname: string }
  | { kind: "page"; status: number; headers: Record<string, string>; handoff: Record<string, unknown> };

/** The handoff kind of the share row the edge read (lib/edge/handoff.ts): `{ slug, share }`. */
export const SHARE_HANDOFF = "share-page";

/**
 * The routing half of GET /qs/<slug> (docs/decisions.md #4), for the request edge (lib/quickshare/share-edge.ts): agents (non-HTML Accept,
 * payment or proof headers, x-svc-actor: agent) go to the access route handler; browsers go to the
 * React page (app/qs/[slug]/page.tsx) with the HTTP status the page's state needs, which a page
 * cannot set itself: 404 unknown or draft, 410 revoked, 419 expired (unless the session wallet may
 * still read it), and the share's Link header. The share row read here is handed to the page
 * (`handoff`, under SHARE_HANDOFF), so the page does not read it again. Null for any other path.
 */
export async function sharePageRoute(req: NextRequest): Promise<SharePageRoute | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const m = SHARE_PAGE_PATH.exec(req.nextUrl.pathname);
  if (!m) return null;
  const slug = decodeURIComponent(m[1]!); // well-formed: the hook's guard answered a malformed escape 400
  if (!wantsSharePage({ accept: req.headers.get("accept"), credentials: parseCredentials(req.headers) })) return { kind: "agent", pathname: `/quickshare/${encodeURIComponent(slug)}/access` };
  const headers: Record<string, string> = { "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow", vary: "Accept, Cookie" };
  const now = requestNow(req);
  const share = await findShare({ slug });
  const handoff = { [SHARE_HANDOFF]: { slug, share } };
  const status = share ? shareStatus(share, now) : "draft";
  if (!share || status === "draft") return { kind: "page", status: 404, headers, handoff };
  if (status === "revoked") return { kind: "page", status: 410, headers, handoff };
  headers.link = `<${shareUrls(share.slug).manifest}>; rel="alternate"; type="application/json"`;
  if (status === "expired") {
    // Grants already made persist after expiry: a signed-in entitled reader gets the page with 200.
    const session = await readSession(req);
    const ctx = session ? await loadAccess(shareAccess, { key: slug, resource: share, sessionWallet: session.wallet, purpose: "access", now }) : null;
    return { kind: "page", status: ctx?.decision.outcome === "grant" ? 200 : 419, headers, handoff };
  }
  return { kind: "page", status: 200, headers, handoff };
}

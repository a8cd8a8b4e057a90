import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { verifiedIdentitiesResponse } from "@/lib/schemas/sites";

type Identity = z.infer<typeof verifiedIdentitiesResponse>["identities"][number];

const PAGE = 500;
const MAX_PAGES = 200;

/**
 * Reads verified identities from the peer hub (PEER_HUB_URL, an operator setting, not a user URL)
 * with the shared x-peer-secret; every page when `domains` is omitted. 502 peer-unavailable when
 * the peer is not configured, refuses the secret or answers something else.
 */
export async function fetchPeerIdentities({ domains }: { domains?: string[] }): Promise<{ peer: string; identities: Identity[] }> {
  const peer = env.PEER_HUB_URL;
  if (!peer) throw new ApiError("peer-unavailable", "No peer hub is configured (PEER_HUB_URL)");
  const identities: Identity[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL("/hub/site/verified-identities", peer);
    url.searchParams.set("limit", String(PAGE));
    url.searchParams.set("skip", String(page * PAGE));
    if (domains) url.searchParams.set("domains", domains.join(","));
    let res: Response;
    try {
      res = await fetch(url, { headers: { "x-peer-secret": env.PEER_SECRET, accept: "application/json" }, signal: AbortSignal.timeout(10_000), redirect: "error" });
    } catch (err) {
      throw new ApiError("peer-unavailable", `The peer hub ${url.origin} does not answer: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ApiError("peer-unavailable", `The peer hub ${url.origin} answered ${res.status}`);
    const parsed = verifiedIdentitiesResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ApiError("peer-unavailable", `The peer hub ${url.origin} sent an unexpected body`);
    identities.push(...parsed.data.identities);
    if (parsed.data.identities.length < PAGE) break;
  }
  return { peer: new URL(peer).origin, identities };
}

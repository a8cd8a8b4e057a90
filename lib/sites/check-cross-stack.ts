import "server-only";
import { ApiError } from "@/lib/http/errors";
import type { FetchAttempt } from "./fetch-site-page";
import { fetchPeerIdentities } from "./fetch-peer-identities";

/** Cross-stack proof: the peer hub has the domain verified with `wallet` among its owners. */
export async function checkCrossStack({ domain, wallet }: { domain: string; wallet: string }) {
  const attempts: FetchAttempt[] = [];
  try {
    const { peer, identities } = await fetchPeerIdentities({ domains: [domain] });
    const identity = identities.find((i) => i.domain === domain);
    const owners: string[] = identity ? [identity.ownerWallet, ...identity.ownerWallets.map((w) => w.wallet)] : [];
    const ok = owners.includes(wallet);
    attempts.push({
      url: `${peer}/hub/site/verified-identities?domains=${domain}`,
      ok,
      detail: !identity ? "not verified on the peer hub" : ok ? `verified on the peer hub for ${wallet}` : "verified on the peer hub for another wallet",
    });
    return { ok, attempts, identity: ok ? identity! : null };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    attempts.push({ url: "PEER_HUB_URL", ok: false, detail: err.details });
    return { ok: false, attempts, identity: null };
  }
}

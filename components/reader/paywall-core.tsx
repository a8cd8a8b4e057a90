"use client";

// The wallet-free half of the paywall: reading a resource with the unlock proof this browser keeps,
// rendering an unlocked body, and the share page's links to its wallet page. It imports no wallet
// code (wagmi, RainbowKit), so the share page, which only links to its pay page, ships none.
import { useEffect, useState } from "react";
import type { Address } from "viem";
import type { ChainConfig } from "@/components/chain-config";
import { DocumentView, type DocumentViewData } from "./document-view";
import { FlowStatus, type FlowState } from "./flow-status";
import { ShareBody, type GrantBody } from "./share-body";
import { usdcText } from "./x402-browser";
import "./reader.css";

export type PaywallProps = {
  chain: ChainConfig;
  /** Same-origin JSON read of the resource: /quickshare/<slug>/access, or /api/svc/access?path=… on a blog. */
  accessPath: string;
  /** The id the unlock proof is bound to (share id, or the post's proof id): where this browser keeps it. */
  proofId: string;
  /** What an unlock costs (atomic units); null when there is nothing to pay (a free invite-only resource). */
  priceAtomic: string | null;
  currency: string;
  token: Address;
  gateway: Address;
  /** The hub's Gateway balance route (spendable = on-chain deposit minus the hub's locks). */
  balanceUrl: string;
  /** Whose session signs in: the hub's (/auth, auth_session), or the blog's on its own origin (/api/auth, sb_auth_session). */
  authBase: "/auth" | "/api/auth";
  /** The blog session's wallet as the server read it (blog pages). */
  sessionWallet?: string | null;
  /** What the panel offers first. */
  mode: "pay" | "sign-in";
  /** The sign-in panel's lead text. */
  lead?: string;
  /** The resource's page, offered after a sign-in grant. */
  pageHref?: string;
  /** When set (the share page), the wallet steps live on this page: links instead of buttons, so the page works without JavaScript. */
  walletPage?: string;
  /** Text of the link to the wallet page's sign-in (walletPage only). */
  signInLabel?: string;
  /** The blog's pass, offered beside a paid post (docs/passes.md): one purchase reads every paid post of the blog for a while. */
  pass?: PassOffer | null;
};

/** A blog's pass as the paywall offers it: where it is sold, what its unlock proof is bound to, its price and duration. */
export type PassOffer = { accessPath: string; proofId: string; priceAtomic: string; durationDays: number };

export type Body = GrantBody & { document?: DocumentViewData | null; media: GrantBody["media"] & { externalVideoUrl?: string | null } };
export type Rail = "gateway" | "transfer";
export type Read = { ok: true; body: Body } | { ok: false; status: number; text: string };

/** Where the unlock proof of a resource (share, post, pass) is kept in this browser. */
export const proofKey = (proofId: string) => `svc-access-proof:${proofId}`;
/** Where this browser kept proofs before the key named any resource: still read, never written. */
const legacyProofKey = (proofId: string) => `svc-qs-proof:${proofId}`;
export const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

/** Same-origin JSON read of the resource, with the reader's headers (proof, payment) and an optional wallet claim. */
export function readResource(accessPath: string, headers: Record<string, string> = {}, wallet?: Address) {
  // The wallet query is a claim that only prices the request (whitelist tier); payment proves possession.
  const url = wallet ? `${accessPath}${accessPath.includes("?") ? "&" : "?"}wallet=${wallet}` : accessPath;
  return fetch(url, { headers: { accept: "application/json", ...headers }, credentials: "same-origin", cache: "no-store" });
}

/**
 * A reader who paid before keeps the proof in this browser: re-read with it, once, after mount. A
 * reader holding the blog's pass keeps the pass's proof, which reads every post the pass covers.
 */
export function useKeptProof(accessPath: string, proofId: string, passProofId?: string): { checking: boolean; body: Body | null } {
  const [result, setResult] = useState<{ checking: boolean; body: Body | null }>({ checking: true, body: null });
  useEffect(() => {
    let live = true;
    const key = [proofId, passProofId].flatMap((id) => (id ? [proofKey(id), legacyProofKey(id)] : [])).find((k) => localStorage.getItem(k)) ?? null;
    const saved = key ? localStorage.getItem(key) : null;
    (saved ? readResource(accessPath, { "x-svc-payment-proof": saved }) : Promise.resolve(null))
      .then(async (res) => {
        if (!res) return null;
        // A proof that no longer reads (a pass that ended, a revoked purchase) is dropped.
        if (!res.ok) { localStorage.removeItem(key!); return null; }
        return (await res.json()) as Body;
      })
      .catch(() => null)
      .then((body) => { if (live) setResult({ checking: false, body }); });
    return () => { live = false; };
  }, [accessPath, proofId, passProofId]);
  return result;
}

export const KEPT: FlowState = { step: "settled", text: "Unlocked with the proof kept in this browser. No new payment." };

/** The share page's paywall: the body when this browser's kept proof still reads it, else links to the wallet page. */
export function PaywallLinks(props: PaywallProps & { walletPage: string }) {
  const kept = useKeptProof(props.accessPath, props.proofId);
  if (kept.body) return <Unlocked body={kept.body} state={KEPT} statusId="pay-status" />;
  return <WalletLinks {...props} />;
}

export function Unlocked({ body, state, statusId, pageHref }: { body: Body; state: FlowState; statusId: string; pageHref?: string }) {
  return (
    <div className="share-unlocked" data-testid="share-unlocked">
      <FlowStatus state={state} id={statusId} />
      <ShareBody body={body} />
      {body.media?.externalVideoUrl && <p><a className="qs-doc" href={body.media.externalVideoUrl} rel="noopener noreferrer">Watch the video</a></p>}
      <DocumentView doc={body.document} />
      {pageHref ? <p><a href={pageHref}>Open the share page</a> (it now shows the content for this session).</p>
        : body.unlockProof ? <p className="muted">Your unlock proof is kept in this browser, so coming back does not charge you again.</p> : null}
    </div>
  );
}

/** The share page's actions: plain links to the wallet page (they work without JavaScript). */
export function WalletLinks({ priceAtomic, currency, walletPage, mode, signInLabel, accessPath }: PaywallProps & { walletPage: string }) {
  if (mode === "sign-in" || !priceAtomic) {
    return <p><a className="btn" id="qs-signin" href={`${walletPage}?signin=1`}>{signInLabel ?? "Sign in with your wallet"}</a></p>;
  }
  const price = usdcText(priceAtomic);
  return (
    <section id="qs-paywall" className="reader-panel" aria-labelledby="qs-pay-h">
      <h2 id="qs-pay-h">Unlock for {price} {currency}</h2>
      <p className="muted">Pay once from your wallet: a signed authorization drawn on your Gateway deposit (no gas), or a plain USDC transfer. Agents: <code>GET {accessPath}</code> answers 402 with an x402 challenge.</p>
      <p>
        <a className="btn" id="qs-pay" href={walletPage}>Pay {price} {currency}</a>{" "}
        <a className="btn btn-quiet" id="qs-signin" href={`${walletPage}?signin=1`}>Bought it already? Sign in</a>
      </p>
    </section>
  );
}



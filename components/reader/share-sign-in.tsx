"use client";

import { useQuery } from "@tanstack/react-query";
import { useAccount } from "wagmi";
import { useSession, useSignIn } from "@/components/use-session";
import { FlowStatus, type FlowState } from "./flow-status";
import { NetworkGuard } from "./network-guard";
import { ShareBody, type GrantBody } from "./share-body";
import { proofKey } from "./share-unlock";
import "./reader.css";

export type ShareSignInProps = {
  slug: string;
  shareId: string;
  /** What the panel asks, e.g. "Invited? Sign in with the invited wallet." */
  lead: string;
  /** Where a wallet that has not bought the share can pay (an active paid share only). */
  payHref?: string;
};

type Read = { ok: true; body: GrantBody } | { ok: false; status: number; text: string };

const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

/**
 * Sign in on a share (invited wallets, earlier buyers, readers of an expired share they unlocked):
 * connect with RainbowKit, sign the EIP-4361 message through wagmi, then ask the hub's access route
 * with the session cookie. The hub decides; a grant renders the body here (and the share page now
 * renders it on the server too).
 */
export function ShareSignIn({ slug, shareId, lead, payHref }: ShareSignInProps) {
  const { address, isConnected } = useAccount();
  const { me, loading } = useSession();
  const { signIn, signOut, status, error, busy } = useSignIn();
  // The session decides what the hub grants; a wallet connected as another account offers to sign in as that one.
  const sessionWallet = me && (!isConnected || address?.toLowerCase() === me.wallet.toLowerCase()) ? me.wallet : null;

  const read = useQuery({
    queryKey: ["qs-session-read", slug, sessionWallet],
    enabled: !!sessionWallet,
    retry: false,
    staleTime: Infinity,
    queryFn: async (): Promise<Read> => {
      const res = await fetch(`/qs/${slug}`, { headers: { accept: "application/json" }, credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        const body = (await res.json()) as GrantBody;
        if (body.unlockProof) localStorage.setItem(proofKey(shareId), body.unlockProof);
        return { ok: true, body };
      }
      const b = (await res.json().catch(() => ({}))) as { details?: string; error?: string };
      return { ok: false, status: res.status, text: b.details || b.error || `HTTP ${res.status}` };
    },
  });

  if (loading) return <p className="muted" aria-busy="true">Checking your session…</p>;

  if (sessionWallet) {
    const result = read.data;
    if (!result) return <p className="muted" aria-busy="true" data-testid="share-signin-reading">Signed in as <code>{short(sessionWallet)}</code>. Asking the hub for access…</p>;
    if (result.ok) {
      return (
        <div className="share-unlocked" data-testid="share-unlocked">
          <FlowStatus state={{ step: "settled", text: `Signed in as ${short(sessionWallet)}: access granted. No payment.` }} id="signin-status" />
          <ShareBody body={result.body} />
          <p><a href={`/qs/${slug}`}>Open the share page</a> (it now shows the content for this session).</p>
        </div>
      );
    }
    const notBought = result.status === 402;
    return (
      <section className="reader-panel" aria-labelledby="signin-h" data-testid="signin-panel">
        <h2 id="signin-h">No access for this wallet</h2>
        <FlowStatus
          state={{ step: "failed", kind: "hub", text: notBought ? `The signed-in wallet ${short(sessionWallet)} has not bought this share.` : result.text }}
          id="signin-status"
        />
        {notBought && payHref && <p><a className="btn" href={payHref}>Pay for it</a></p>}
        <p className="muted">Bought it or were invited with another wallet? Sign out, switch the account in your wallet, and sign in again.</p>
        <button type="button" className="btn btn-quiet" onClick={signOut}>Sign out</button>
      </section>
    );
  }

  const state: FlowState = status === "waiting-signature" ? { step: "waiting-signature", text: "Sign the sign-in message in your wallet (a signature, no gas)…" }
    : status === "verifying" ? { step: "settling", text: "The hub is checking your signature…" }
    : error ? { step: "failed", kind: /rejected/.test(error) ? "rejected" : "hub", text: error }
    : { step: "idle" };
  return (
    <section className="reader-panel" aria-labelledby="signin-h" data-testid="signin-panel">
      <h2 id="signin-h">Sign in to read</h2>
      <p>{lead}</p>
      <NetworkGuard action="sign in" anyChain>
        <button type="button" className="btn btn-big" onClick={() => address && signIn(address)} disabled={busy || !address} data-testid="share-sign-in">
          {busy ? "Working…" : `Sign in as ${address ? short(address) : "…"}`}
        </button>
        <FlowStatus state={state} id="signin-status" />
      </NetworkGuard>
      {payHref && <p className="muted">Not bought yet? <a href={payHref}>Pay for it</a>.</p>}
    </section>
  );
}

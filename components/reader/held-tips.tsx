"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isAddressEqual, type Address } from "viem";
import { useAccount, useConfig, useSignMessage } from "wagmi";
import { useMounted } from "@/components/use-mounted";
import { refundMessage } from "@/lib/tips/refund-message";
import { FlowStatus, type FlowState } from "./flow-status";
import { NetworkGuard } from "./network-guard";
import { TIPPED_DOMAINS_KEY } from "./tip-form";
import { describeFailure, hubFailure } from "./wallet-error";
import "./reader.css";

type HeldTip = { id: string; status: string; contentUrl: string; title: string; domain: string; amount: number; held: number; payer: Address; createdAt: string; pendingSettlement: boolean };
type Held = { domain: string; box: Address; tips: HeldTip[]; total: number; totalAmount: number };

const atomicOf = (usdc: number) => BigInt(Math.round(usdc * 1_000_000));

function randomNonce() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * "My held tips": the connected wallet's tips still held for a domain (GET /hub/tips/held, filtered
 * to this payer), each refundable with one EIP-191 signature over the refund control message.
 */
export function HeldTips({ initialDomain }: { initialDomain: string }) {
  const { address } = useAccount();
  const config = useConfig();
  const { signMessageAsync } = useSignMessage();
  const shownDomain = initialDomain.trim();
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";
  const mounted = useMounted();
  const known = mounted ? (JSON.parse(localStorage.getItem(TIPPED_DOMAINS_KEY) ?? "[]") as string[]) : [];

  const heldQuery = useQuery({
    queryKey: ["held-tips", shownDomain],
    enabled: mounted && shownDomain !== "",
    retry: false,
    queryFn: async (): Promise<Held> => {
      const res = await fetch(`/hub/tips/held?domain=${encodeURIComponent(shownDomain)}&limit=100`, { cache: "no-store" });
      if (!res.ok) throw await hubFailure(res);
      return (await res.json()) as Held;
    },
  });
  const held = heldQuery.data ?? null;

  async function refund(tip: HeldTip) {
    if (!address || !held) return;
    try {
      const amountAtomic = atomicOf(tip.held);
      const message = refundMessage({ domain: held.domain, payer: address, amountAtomic, chainId: config.chains[0].id, nonce: randomNonce() });
      setState({ step: "waiting-signature", text: `Sign the refund of ${tip.held} USDC in your wallet (a message, no gas)…` });
      const signature = await signMessageAsync({ message });
      setState({ step: "settling", text: "The hub is sending your USDC back from the holding box…" });
      const res = await fetch("/hub/tips/refund", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ domain: held.domain, payer: address, message, signature, amount: String(tip.held) }),
      });
      if (res.status === 202) {
        setState({ step: "settling", text: "The tip's Gateway credit is still settling; try the refund again in a minute." });
        return;
      }
      if (!res.ok) throw await hubFailure(res);
      const b = (await res.json()) as { amount: number; refundTx: string };
      setState({ step: "settled", text: `Refunded ${b.amount} USDC to your wallet (transaction ${b.refundTx.slice(0, 10)}…).` });
      await heldQuery.refetch();
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  const mine = held && address ? held.tips.filter((t) => isAddressEqual(t.payer, address)) : [];

  return (
    <section className="reader-panel" aria-labelledby="held-h">
      <h2 id="held-h">Tips you hold for a domain</h2>
      <p className="muted">Tips to a domain without a verified owner wait in its holding box. Until the owner claims them you can take yours back in full, no fee.</p>
      <NetworkGuard action="see and refund your held tips">
        {/* A plain GET form and links: the domain lives in the URL, so the list can be bookmarked and works before scripts load. */}
        <form className="field-row" method="get" action="/tip/held">
          <label htmlFor="held-domain">Domain</label>
          <input id="held-domain" name="domain" defaultValue={initialDomain} placeholder="example.com" required />
          <button type="submit" className="btn" disabled={busy}>Show my tips</button>
        </form>
        {known.length > 0 && (
          <p className="muted">Tipped from this browser:{" "}
            {known.map((d) => <a key={d} className="known-domain" href={`/tip/held?domain=${encodeURIComponent(d)}`}>{d}</a>)}
          </p>
        )}
        {heldQuery.isFetching && !held && <p className="muted" aria-busy="true">Loading tips held for {shownDomain}…</p>}
        {heldQuery.error && <p className="error" role="alert">{describeFailure(heldQuery.error).message}</p>}
        {held && (
          mine.length === 0 ? <p className="empty">No tips of yours are held for {held.domain}.</p> : (
            <ul className="tip-list" aria-label={`Your tips held for ${held.domain}`}>
              {mine.map((t) => (
                <li key={t.id} data-testid="held-tip">
                  <p><strong>{t.held} USDC</strong> held of {t.amount} USDC · <time dateTime={t.createdAt}>{t.createdAt.slice(0, 16).replace("T", " ")}</time></p>
                  <p><a href={t.contentUrl}>{t.title || t.contentUrl}</a></p>
                  {t.pendingSettlement && <p className="muted">Still settling on the gateway; refundable shortly.</p>}
                  <button type="button" className="btn" disabled={busy || t.status !== "held"} onClick={() => void refund(t)}>Refund {t.held} USDC</button>
                </li>
              ))}
            </ul>
          )
        )}
      </NetworkGuard>
      <FlowStatus state={state} id="held-status" />
    </section>
  );
}

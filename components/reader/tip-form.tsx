"use client";

import { useState } from "react";
import type { Address, Hex } from "viem";
import { useAccount, useConfig, useSignMessage, useSignTypedData, useWriteContract } from "wagmi";
import { readContract, waitForTransactionReceipt } from "wagmi/actions";
import { usdcAbi } from "@/lib/chain/abis";
import { transferOwnerMessage } from "@/lib/x402/transfer-owner-message";
import { FlowStatus, type FlowState } from "./flow-status";
import { NetworkGuard } from "./network-guard";
import { describeFailure, failure, hubFailure } from "./wallet-error";
import { authorizationFor, chainIdOf, encodeHeader, isGatewayOption, usdcText, type Challenge } from "./x402-browser";
import "./reader.css";

type Resolved = {
  resolved: boolean;
  wallet: Address | null;
  name: string | null;
  source: string | null;
  domain: string;
  hosted: boolean;
  payTo: Address | null;
  feeBps: number | null;
  next: "settle" | "hold" | "none";
  reason?: string;
};
type Terms = Challenge & { payee: Address; payTo: Address; feeBps: number; protocolFee: number; feeSettlement: "fee-wallet" | "accrued"; amount: number };
type Rail = "gateway" | "transfer";

/** Where this browser remembers the domains it held tips for, so "my held tips" can list them. */
export const TIPPED_DOMAINS_KEY = "svc-tipped-domains";
const HELD_FEE_BPS = 500;

function toAtomic(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!m) throw failure("other", "Enter the tip in USDC with at most 6 decimals, e.g. 0.5");
  return BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"));
}
const feeOf = (atomic: bigint, bps: number) => (atomic * BigInt(bps)) / 10_000n;

async function postJson(path: string, body: unknown) {
  return fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/**
 * Tip any page: resolve who it belongs to (GET /hub/resolve), show whether the tip settles now or is
 * held for the domain's future verified owner, and the fee, before the wallet is asked for anything.
 * Settle: /hub/tips/challenge → wallet (gateway signature, or transfer + tx-owner message) → /hub/tips/verify.
 * Hold: /hub/tips/hold for the box → wallet transfer into the box → /hub/tips/hold with txHash.
 */
export function TipForm({ initialUrl, token }: { initialUrl: string; token: Address }) {
  const config = useConfig();
  const { address } = useAccount();
  const { signTypedDataAsync } = useSignTypedData();
  const { signMessageAsync } = useSignMessage();
  const { writeContractAsync } = useWriteContract();
  const [url, setUrl] = useState(initialUrl);
  const [amount, setAmount] = useState("1");
  const [rail, setRail] = useState<Rail>("gateway");
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [terms, setTerms] = useState<Terms | null>(null);
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const [heldFor, setHeldFor] = useState<string | null>(null);
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";
  // A sent tip is done: the button stays off until the reader changes the page, amount or rail (no double tip by a second click).
  const sent = state.step === "settled";

  async function review(e?: React.FormEvent) {
    e?.preventDefault();
    setResolved(null);
    setTerms(null);
    try {
      const atomic = toAtomic(amount);
      if (atomic <= 0n) throw failure("other", "A tip must be more than 0 USDC.");
      setState({ step: "working", text: "Looking up who this page belongs to…" });
      const res = await fetch(`/hub/resolve?url=${encodeURIComponent(url.trim())}`, { cache: "no-store" });
      if (!res.ok) throw await hubFailure(res);
      const r = (await res.json()) as Resolved;
      setResolved(r);
      if (r.next === "settle") {
        const c = await postJson("/hub/tips/challenge", { contentUrl: url.trim(), amount: amount.trim(), paymentRail: rail });
        if (!c.ok) throw await hubFailure(c);
        setTerms((await c.json()) as Terms);
      }
      setState({ step: "idle" });
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  async function ensureBalance(from: Address, atomic: bigint) {
    const balance = await readContract(config, { address: token, abi: usdcAbi, functionName: "balanceOf", args: [from] });
    if (balance < atomic) throw failure("insufficient", `Insufficient funds: your wallet holds ${usdcText(balance)} USDC, the tip is ${usdcText(atomic)} USDC.`);
  }

  async function sendUsdc(to: Address, atomic: bigint, what: string): Promise<Hex> {
    setState({ step: "waiting-signature", text: `Confirm the transfer of ${usdcText(atomic)} USDC ${what} in your wallet…` });
    const hash = await writeContractAsync({ address: token, abi: usdcAbi, functionName: "transfer", args: [to, atomic] });
    setState({ step: "settling", text: "Waiting for the transfer to confirm on chain…" });
    const receipt = await waitForTransactionReceipt(config, { hash });
    if (receipt.status !== "success") throw failure("other", "The transfer reverted on chain; nothing was sent.");
    return hash;
  }

  async function settle(from: Address, t: Terms, atomic: bigint) {
    const base = { contentUrl: url.trim(), amount: amount.trim(), paymentRail: rail, walletAddress: from };
    if (rail === "gateway") {
      const option = t.accepts.find(isGatewayOption);
      if (!option) throw failure("hub", "The hub offered no gateway option for this tip.");
      const bal = await postJson("/quickshare/gateway/balance", { walletAddress: from });
      if (!bal.ok) throw await hubFailure(bal);
      const spendable = BigInt(((await bal.json()) as { atomic: { spendable: string } }).atomic.spendable);
      if (spendable < atomic) throw failure("insufficient", `Insufficient Gateway deposit: ${usdcText(spendable)} USDC available, the tip is ${usdcText(atomic)} USDC. Use the transfer rail, or deposit first.`);
      const typed = authorizationFor(option, from);
      setState({ step: "waiting-signature", text: `Sign the tip of ${usdcText(atomic)} USDC in your wallet (a signature, no gas)…` });
      const signature = await signTypedDataAsync(typed);
      const m = typed.message;
      const paymentSignature = encodeHeader({
        x402Version: t.x402Version, resource: t.resource, accepted: option,
        payload: { signature, authorization: { from: m.from, to: m.to, value: m.value.toString(), validAfter: m.validAfter.toString(), validBefore: m.validBefore.toString(), nonce: m.nonce } },
      });
      setState({ step: "settling", text: "The hub is checking your signed tip…" });
      return postJson("/hub/tips/verify", { ...base, paymentSignature });
    }
    const option = t.accepts.find((o) => !isGatewayOption(o)) ?? t.accepts[0]!;
    await ensureBalance(from, atomic);
    const txHash = await sendUsdc(option.payTo as Address, atomic, "to the creator");
    setState({ step: "waiting-signature", text: "Sign the message that proves the transfer is yours…" });
    const txOwner = await signMessageAsync({ message: transferOwnerMessage({ chainId: chainIdOf(option), txHash, resourceUrl: t.resource?.url ?? url.trim() }) });
    setState({ step: "settling", text: "The hub is checking the transfer…" });
    return postJson("/hub/tips/verify", { ...base, txHash, txOwner });
  }

  async function hold(from: Address, atomic: bigint) {
    const base = { contentUrl: url.trim(), amount: amount.trim() };
    setState({ step: "working", text: "Asking the hub for the domain's holding box…" });
    const c = await postJson("/hub/tips/hold", base);
    if (!c.ok) throw await hubFailure(c);
    const { box, domain } = (await c.json()) as { box: Address; domain: string };
    await ensureBalance(from, atomic);
    const txHash = await sendUsdc(box, atomic, `into the holding box of ${domain}`);
    setState({ step: "settling", text: "The hub is recording the held tip…" });
    const res = await postJson("/hub/tips/hold", { ...base, txHash, walletAddress: from });
    if (res.ok) {
      const known = new Set<string>(JSON.parse(localStorage.getItem(TIPPED_DOMAINS_KEY) ?? "[]") as string[]);
      known.add(domain);
      localStorage.setItem(TIPPED_DOMAINS_KEY, JSON.stringify([...known]));
    }
    return res;
  }

  async function send() {
    if (!address || !resolved) return;
    try {
      const atomic = toAtomic(amount);
      const res = resolved.next === "settle" ? await settle(address, terms!, atomic) : await hold(address, atomic);
      if (!res.ok) throw await hubFailure(res);
      const b = (await res.json()) as { tip?: { status: string; domain: string } };
      if (b.tip?.status === "held") setHeldFor(b.tip.domain);
      setState({
        step: "settled",
        text: b.tip?.status === "held"
          ? `Tip of ${usdcText(atomic)} USDC held for ${b.tip.domain}. You can refund it until the owner claims it.`
          : `Tip of ${usdcText(atomic)} USDC sent. Thank you!`,
      });
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  let atomic: bigint | null = null;
  try { atomic = toAtomic(amount); } catch { atomic = null; }

  return (
    <section className="reader-panel" aria-labelledby="tip-h">
      <h2 id="tip-h">Tip a page</h2>
      <form onSubmit={review}>
        <div className="field-row">
          <label htmlFor="tip-url">Page URL</label>
          <input id="tip-url" type="url" required value={url} onChange={(e) => { setUrl(e.target.value); setResolved(null); setTerms(null); }} placeholder="https://example.com/post" disabled={busy} />
        </div>
        <div className="field-row">
          <label htmlFor="tip-amount">Amount (USDC)</label>
          <input id="tip-amount" inputMode="decimal" required value={amount} onChange={(e) => { setAmount(e.target.value); setResolved(null); setTerms(null); }} disabled={busy} />
        </div>
        <fieldset className="rails" disabled={busy}>
          <legend>Pay with</legend>
          <label className={`rail ${rail === "gateway" ? "rail-on" : ""}`}>
            <input type="radio" name="tip-rail" value="gateway" checked={rail === "gateway"} onChange={() => { setRail("gateway"); setTerms(null); setResolved(null); }} />
            <span><strong>Gateway</strong> — a signature drawn on your Gateway deposit (settled tips only)</span>
          </label>
          <label className={`rail ${rail === "transfer" ? "rail-on" : ""}`}>
            <input type="radio" name="tip-rail" value="transfer" checked={rail === "transfer"} onChange={() => { setRail("transfer"); setTerms(null); setResolved(null); }} />
            <span><strong>Transfer</strong> — send USDC on chain (held tips always use a transfer)</span>
          </label>
        </fieldset>
        <button type="submit" className="btn btn-quiet" disabled={busy}>Review tip</button>
      </form>

      {resolved && atomic !== null && (
        <div className="tip-review" data-testid="tip-review" data-next={resolved.next}>
          {resolved.next === "none" && <p role="alert" className="error">This link cannot be tipped: {resolved.reason ?? "unknown share link"}.</p>}
          {resolved.next === "settle" && terms && (
            <>
              <h3>Settles now</h3>
              <p>The page belongs to {resolved.name ? <strong>{resolved.name}</strong> : "its creator"} (<code className="addr" title={terms.payee}>{terms.payee.slice(0, 6)}…{terms.payee.slice(-4)}</code>, from the {resolved.source === "content" ? "page's listing" : resolved.source === "site" ? "verified site" : "share"}); the tip is paid to them at once.</p>
              <table className="fee-table">
                <caption className="sr-only">Tip and fee</caption>
                <tbody>
                  <tr><th scope="row">Tip</th><td>{usdcText(atomic)} USDC</td></tr>
                  <tr><th scope="row">Hub fee ({terms.feeBps / 100}%{terms.feeSettlement === "accrued" ? ", owed by the creator" : ""})</th><td>{terms.protocolFee} USDC</td></tr>
                  <tr><th scope="row">You pay</th><td>{usdcText(atomic)} USDC</td></tr>
                </tbody>
              </table>
            </>
          )}
          {resolved.next === "hold" && (
            <>
              <h3>Held for {resolved.domain}</h3>
              <p>No verified owner is known for <strong>{resolved.domain}</strong> yet. Your tip waits in the domain&apos;s holding box until its owner verifies the site and claims it; until then you can refund it in full under “My held tips”.</p>
              <table className="fee-table">
                <caption className="sr-only">Tip and fee</caption>
                <tbody>
                  <tr><th scope="row">Tip</th><td>{usdcText(atomic)} USDC</td></tr>
                  <tr><th scope="row">Fee when claimed ({HELD_FEE_BPS / 100}%)</th><td>{usdcText(feeOf(atomic, HELD_FEE_BPS))} USDC</td></tr>
                  <tr><th scope="row">Creator receives on claim</th><td>{usdcText(atomic - feeOf(atomic, HELD_FEE_BPS))} USDC</td></tr>
                  <tr><th scope="row">Fee on refund</th><td>0 USDC</td></tr>
                </tbody>
              </table>
            </>
          )}
          {resolved.next !== "none" && (resolved.next === "hold" || terms) && (
            <NetworkGuard action="send the tip">
              <button type="button" className="btn btn-big" onClick={send} disabled={busy || sent} data-testid="tip-send">
                {resolved.next === "hold" ? `Hold ${usdcText(atomic)} USDC for ${resolved.domain}` : `Tip ${usdcText(atomic)} USDC`}
              </button>
            </NetworkGuard>
          )}
        </div>
      )}
      <FlowStatus state={state} id="tip-status" />
      {heldFor && state.step === "settled" && <p><a href={`/tip/held?domain=${encodeURIComponent(heldFor)}`}>Your held tips for {heldFor} →</a></p>}
    </section>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Address, Hex } from "viem";
import { useAccount, useConfig, useSignMessage, useSignTypedData, useWriteContract } from "wagmi";
import { readContract, waitForTransactionReceipt } from "wagmi/actions";
import { useMounted } from "@/components/use-mounted";
import { usdcAbi } from "@/lib/chain/abis";
import { transferOwnerMessage } from "@/lib/x402/transfer-owner-message";
import { FlowStatus, type FlowState } from "./flow-status";
import { GatewayDeposit } from "./gateway-deposit";
import { NetworkGuard } from "./network-guard";
import { ShareBody, type GrantBody } from "./share-body";
import { describeFailure, failure, hubFailure } from "./wallet-error";
import {
  authorizationFor, chainIdOf, decodeHeader, isGatewayOption, paymentSignatureHeader, usdcText,
  type Challenge, type PaymentOption,
} from "./x402-browser";
import "./reader.css";

export type ShareUnlockProps = {
  slug: string;
  shareId: string;
  title: string;
  priceAtomic: string;
  currency: string;
  token: Address;
  gateway: Address;
};

type Rail = "gateway" | "transfer";

/** Where the unlock proof of a share is kept in this browser (the share page's script reads the same key). */
export const proofKey = (shareId: string) => `svc-qs-proof:${shareId}`;

function read(slug: string, headers: Record<string, string> = {}, wallet?: Address) {
  // The wallet query is a claim that only prices the request (whitelist tier); payment proves possession.
  return fetch(`/qs/${slug}${wallet ? `?wallet=${wallet}` : ""}`, { headers: { accept: "application/json", ...headers }, credentials: "same-origin", cache: "no-store" });
}

/**
 * The share page's pay action: pick a rail, let the wallet sign (gateway: the GatewayWalletBatched
 * authorization of the 402 challenge; transfer: a USDC transfer, then the tx-owner message), send the
 * credentials back to the hub, and render what it grants. The unlock proof is kept in localStorage,
 * so a reload re-reads with the proof instead of paying again.
 */
export function ShareUnlock(props: ShareUnlockProps) {
  const { slug, shareId, priceAtomic, currency, token, gateway } = props;
  const config = useConfig();
  const { address } = useAccount();
  const { signTypedDataAsync } = useSignTypedData();
  const { signMessageAsync } = useSignMessage();
  const { writeContractAsync } = useWriteContract();
  const [rail, setRail] = useState<Rail>("gateway");
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const [body, setBody] = useState<GrantBody | null>(null);
  const [shortfall, setShortfall] = useState<bigint | null>(null);
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";
  const price = usdcText(priceAtomic);

  const granted = useCallback(async (res: Response) => {
    const b = (await res.json()) as GrantBody;
    if (b.unlockProof) localStorage.setItem(proofKey(shareId), b.unlockProof);
    setBody(b);
    return b;
  }, [shareId]);

  // A reader who paid before keeps the proof in this browser: re-read without paying.
  const mounted = useMounted();
  const earlier = useQuery({
    queryKey: ["qs-proof-read", shareId],
    enabled: mounted,
    retry: false,
    staleTime: Infinity,
    queryFn: async (): Promise<GrantBody | null> => {
      const saved = localStorage.getItem(proofKey(shareId));
      if (!saved) return null;
      const res = await read(slug, { "x-svc-payment-proof": saved });
      if (!res.ok) { localStorage.removeItem(proofKey(shareId)); return null; }
      return (await res.json()) as GrantBody;
    },
  });
  const checking = !mounted || earlier.isPending;
  const shown = body ?? earlier.data ?? null;
  const shownState: FlowState = !body && earlier.data ? { step: "settled", text: "Unlocked with the proof kept in this browser. No new payment." } : state;

  async function challenge(from: Address): Promise<Challenge> {
    const res = await read(slug, {}, from);
    if (res.ok) {
      await granted(res);
      throw Object.assign(new Error("already"), { already: true });
    }
    if (res.status !== 402) throw await hubFailure(res);
    const header = res.headers.get("payment-required");
    if (!header) throw failure("hub", "The hub answered 402 without a PAYMENT-REQUIRED challenge.");
    return decodeHeader<Challenge>(header);
  }

  async function payGateway(from: Address, ch: Challenge, option: PaymentOption) {
    setState({ step: "working", text: "Checking your Gateway deposit…" });
    const bal = await fetch("/quickshare/gateway/balance", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ walletAddress: from }) });
    if (!bal.ok) throw await hubFailure(bal);
    const spendable = BigInt(((await bal.json()) as { atomic: { spendable: string } }).atomic.spendable);
    const amount = BigInt(option.amount);
    const price = usdcText(amount);
    if (spendable < amount) {
      setShortfall(amount - spendable);
      throw failure("insufficient", `Insufficient Gateway deposit: ${usdcText(spendable)} USDC available, ${price} USDC needed. Deposit below, then pay again.`);
    }
    const typed = authorizationFor(option, from);
    setState({ step: "waiting-signature", text: `Sign the payment of ${price} ${currency} in your wallet (a signature, no gas)…` });
    const signature = await signTypedDataAsync(typed);
    setState({ step: "settling", text: "Sending the signed payment to the hub…" });
    return read(slug, { "payment-signature": paymentSignatureHeader(ch, option, typed.message, signature) }, from);
  }

  async function payTransfer(from: Address, ch: Challenge, option: PaymentOption) {
    const amount = BigInt(option.amount);
    const price = usdcText(amount);
    setState({ step: "working", text: "Checking your USDC balance…" });
    const balance = await readContract(config, { address: token, abi: usdcAbi, functionName: "balanceOf", args: [from] });
    if (balance < amount) throw failure("insufficient", `Insufficient funds: your wallet holds ${usdcText(balance)} USDC, this share costs ${price} USDC.`);
    setState({ step: "waiting-signature", text: `Step 1 of 2: confirm the transfer of ${price} ${currency} in your wallet…` });
    const hash = await writeContractAsync({ address: option.asset as Address, abi: usdcAbi, functionName: "transfer", args: [option.payTo as Address, amount] });
    setState({ step: "settling", text: "Waiting for the transfer to confirm on chain…" });
    const receipt = await waitForTransactionReceipt(config, { hash });
    if (receipt.status !== "success") throw failure("other", "The transfer reverted on chain; nothing was paid.");
    const message = transferOwnerMessage({ chainId: chainIdOf(option), txHash: hash, resourceUrl: ch.resource?.url ?? "" });
    setState({ step: "waiting-signature", text: "Step 2 of 2: sign the message that proves the transfer is yours…" });
    let owner: Hex;
    try {
      owner = await signMessageAsync({ message });
    } catch (err) {
      // The USDC has moved: keep the hash so the reader can finish without paying twice.
      sessionStorage.setItem(`svc-qs-transfer:${shareId}`, hash);
      throw err;
    }
    setState({ step: "settling", text: "The hub is checking the transfer…" });
    sessionStorage.removeItem(`svc-qs-transfer:${shareId}`);
    return read(slug, { "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner }, from);
  }

  async function pay() {
    if (!address) return;
    setShortfall(null);
    try {
      setState({ step: "working", text: "Asking the hub for the price…" });
      const ch = await challenge(address);
      const option = rail === "gateway" ? ch.accepts.find(isGatewayOption) : ch.accepts.find((o) => !isGatewayOption(o)) ?? ch.accepts[0];
      if (!option) throw failure("hub", `This share does not offer the ${rail} rail.`);
      const pending = rail === "transfer" ? sessionStorage.getItem(`svc-qs-transfer:${shareId}`) : null;
      let res: Response;
      if (pending) {
        // A transfer already sent whose ownership message was not signed: sign it now, no new transfer.
        setState({ step: "waiting-signature", text: "Sign the message that proves your earlier transfer is yours…" });
        const owner = await signMessageAsync({ message: transferOwnerMessage({ chainId: chainIdOf(option), txHash: pending, resourceUrl: ch.resource?.url ?? "" }) });
        sessionStorage.removeItem(`svc-qs-transfer:${shareId}`);
        res = await read(slug, { "x-svc-transfer-tx": pending, "x-svc-tx-owner": owner }, address);
      } else {
        res = rail === "gateway" ? await payGateway(address, ch, option) : await payTransfer(address, ch, option);
      }
      if (!res.ok) throw await hubFailure(res);
      const b = await granted(res);
      const p = b.payment;
      setState({
        step: "settled",
        text: p ? `Paid ${p.amount} ${p.currency}${p.txHash ? "" : " (settles in the next gateway batch)"}. Enjoy.` : "Unlocked.",
      });
    } catch (err) {
      if ((err as { already?: boolean }).already) { setState({ step: "settled", text: "You already have access." }); return; }
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  if (shown) {
    return (
      <div className="share-unlocked" data-testid="share-unlocked">
        <FlowStatus state={shownState} id="pay-status" />
        <ShareBody body={shown} />
        <p className="muted">Your unlock proof is kept in this browser, so coming back does not charge you again.</p>
      </div>
    );
  }

  return (
    <section className="reader-panel" aria-labelledby="pay-h" data-testid="pay-panel">
      <h2 id="pay-h">Unlock for {price} {currency}</h2>
      {checking ? <p className="muted" aria-busy="true">Checking this browser for an earlier unlock…</p> : (
        <NetworkGuard action={`pay ${price} ${currency}`}>
          <fieldset className="rails" disabled={busy}>
            <legend>How do you want to pay?</legend>
            <label className={`rail ${rail === "gateway" ? "rail-on" : ""}`}>
              <input type="radio" name="rail" value="gateway" checked={rail === "gateway"} onChange={() => setRail("gateway")} />
              <span><strong>Gateway</strong> — sign an authorization, no gas. Draws on your Gateway Wallet deposit; settled in batches.</span>
            </label>
            <label className={`rail ${rail === "transfer" ? "rail-on" : ""}`}>
              <input type="radio" name="rail" value="transfer" checked={rail === "transfer"} onChange={() => setRail("transfer")} />
              <span><strong>Transfer</strong> — send {price} USDC on chain from your wallet, then sign one message proving the transfer is yours.</span>
            </label>
          </fieldset>
          <button type="button" className="btn btn-big" onClick={pay} disabled={busy} data-testid="pay-button">
            {busy ? "Working…" : `Pay ${price} ${currency} (${rail})`}
          </button>
          <FlowStatus state={state} id="pay-status" />
          <p className="muted">Bought it before with this wallet in another browser? <a href={`/qs/${slug}/unlock?signin=1`}>Sign in with the wallet</a>: no new payment.</p>
          {shortfall !== null && rail === "gateway" && (
            <GatewayDeposit token={token} gateway={gateway} shortfall={shortfall} onDeposited={() => { setShortfall(null); setState({ step: "settled", text: "Deposit confirmed. Press Pay to sign the payment." }); }} />
          )}
        </NetworkGuard>
      )}
    </section>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Address, Hex } from "viem";
import { useAccount, useConfig, useWriteContract } from "wagmi";
import { waitForTransactionReceipt } from "wagmi/actions";
import { reputationAbi } from "@/lib/chain/abis";
import { FlowStatus, type FlowState } from "./flow-status";
import { NetworkGuard } from "./network-guard";
import { describeFailure, failure, hubFailure } from "./wallet-error";
import "./reader.css";

type Prepared = { contentHash: Hex; reviewHash: Hex; unlockRef: string; contractAddress: Address; ratingValue: number };

/**
 * Rate content after an unlock: the hub checks the wallet's verified unlock and prepares the call
 * (POST /hub/reputation/ratings/prepare), the wallet sends `rateContent` to the Reputation contract,
 * and the hub indexes the mined transaction (POST /hub/reputation/ratings/index).
 */
export function RateContent({ contentId }: { contentId: string }) {
  const { address } = useAccount();
  const config = useConfig();
  const { writeContractAsync } = useWriteContract();
  const router = useRouter();
  const [stars, setStars] = useState(5);
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";
  // One rating per wallet: once this wallet's rating is indexed, the form is done (a second one would be refused).
  const rated = state.step === "settled";

  async function rate() {
    if (!address) return;
    try {
      const ratingValue = stars * 10;
      setState({ step: "working", text: "Checking your unlock with the hub…" });
      const res = await fetch("/hub/reputation/ratings/prepare", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentId, walletAddress: address, ratingValue }) });
      if (!res.ok) throw await hubFailure(res);
      const p = (await res.json()) as Prepared;
      setState({ step: "waiting-signature", text: `Confirm your ${stars}-star rating in your wallet (an on-chain transaction)…` });
      const hash = await writeContractAsync({ address: p.contractAddress, abi: reputationAbi, functionName: "rateContent", args: [p.contentHash, p.ratingValue, p.reviewHash, p.unlockRef] });
      setState({ step: "settling", text: "Waiting for the rating to confirm on chain…" });
      const receipt = await waitForTransactionReceipt(config, { hash });
      if (receipt.status !== "success") throw failure("other", "The rating transaction reverted.");
      const idx = await fetch("/hub/reputation/ratings/index", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentId, txHash: hash, walletAddress: address, contentHash: p.contentHash, ratingValue: p.ratingValue }) });
      if (!idx.ok) throw await hubFailure(idx);
      setState({ step: "settled", text: `Rated ${stars} of 5 stars. Thank you!` });
      // The page's figures (average and count) are the server's: read them again with this rating in.
      router.refresh();
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  return (
    <section className="reader-panel" aria-labelledby="rate-h">
      <h2 id="rate-h">Rate this content</h2>
      <p className="muted">Only wallets that unlocked it can rate; the rating is recorded on chain.</p>
      <NetworkGuard action="rate">
        <fieldset className="rails" disabled={busy || rated}>
          <legend>Your rating</legend>
          <div className="field-row" role="radiogroup" aria-label="Stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}><input type="radio" name="stars" value={n} checked={stars === n} onChange={() => setStars(n)} /> {n} ★</label>
            ))}
          </div>
        </fieldset>
        <button type="button" className="btn" onClick={rate} disabled={busy || rated}>{rated ? `Rated ${stars} ★` : `Rate ${stars} ★`}</button>
      </NetworkGuard>
      <FlowStatus state={state} id="rate-status" />
    </section>
  );
}

"use client";

import { useState } from "react";
import type { Address } from "viem";
import { useAccount, useConfig, useSignTypedData } from "wagmi";
import { readContract } from "wagmi/actions";
import { FlowStatus, type FlowState } from "@/components/reader/flow-status";
import { NetworkGuard } from "@/components/reader/network-guard";
import { describeFailure, failure } from "@/components/reader/wallet-error";
import { authorizationFor, paymentSignatureHeader, usdcText, type Challenge, type PaymentOption } from "@/components/reader/x402-browser";
import { usdcAbi } from "@/lib/chain/abis";
import { CHECKOUT_FRAGMENT } from "@/lib/checkout/fragment";
import "@/components/reader/reader.css";

export type CheckoutPayProps = {
  challenge: Challenge;
  option: PaymentOption;
  /** The creator's page: the reader goes back there with the signed payment in the URL fragment. */
  returnUrl: string;
};

/**
 * The hub's checkout for a creator's own site: the reader's wallet signs the x402 payment (a plain
 * EIP-3009 authorization over USDC's domain, the option the creator's middleware offered) and the
 * browser goes back to the creator's page with the signed PAYMENT-SIGNATURE value in the URL
 * fragment, which browsers never send to a server. The creator's page (the hub's /hub/paywall.js)
 * retries its own URL with it; its middleware settles through the hub's facilitator. Nothing is
 * paid here: a signature moves money only when the creator's server settles it.
 */
export function CheckoutPay({ challenge, option, returnUrl }: CheckoutPayProps) {
  const config = useConfig();
  const { address } = useAccount();
  const { signTypedDataAsync } = useSignTypedData();
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling" || state.step === "settled";
  const amount = BigInt(option.amount);

  async function pay() {
    try {
      const from = address as Address;
      setState({ step: "working", text: "Checking your USDC balance…" });
      const balance = await readContract(config, { address: option.asset as Address, abi: usdcAbi, functionName: "balanceOf", args: [from] });
      if (balance < amount) throw failure("insufficient", `Insufficient funds: your wallet holds ${usdcText(balance)} USDC, this costs ${usdcText(amount)} USDC.`);
      const typed = authorizationFor(option, from);
      setState({ step: "waiting-signature", text: `Sign the payment of ${usdcText(amount)} USDC in your wallet (a signature, no gas)…` });
      const signature = await signTypedDataAsync(typed);
      const header = paymentSignatureHeader(challenge, option, typed.message, signature);
      setState({ step: "settled", text: "Signed. Back to the creator's page, which collects the payment…" });
      const back = new URL(returnUrl);
      back.hash = `${CHECKOUT_FRAGMENT}=${encodeURIComponent(header)}`;
      window.location.assign(back.toString());
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  return (
    <div className="checkout-pay">
      <NetworkGuard action="pay">
        <button type="button" className="btn btn-big" onClick={() => void pay()} disabled={busy} data-testid="checkout-pay">
          Pay {usdcText(amount)} USDC
        </button>
      </NetworkGuard>
      <FlowStatus state={state} id="checkout-status" />
    </div>
  );
}

"use client";

import { useState } from "react";
import type { Address } from "viem";
import { useAccount, useConfig, useWriteContract } from "wagmi";
import { readContract, waitForTransactionReceipt } from "wagmi/actions";
import { gatewayWalletAbi, usdcAbi } from "@/lib/chain/abis";
import { FlowStatus, type FlowState } from "./flow-status";
import { describeFailure, failure } from "./wallet-error";
import { usdcText } from "./x402-browser";

/**
 * Tops up the reader's Gateway Wallet deposit: approve USDC for the Gateway Wallet (when the
 * allowance is short), then `deposit(token, value)`, both sent by the wallet and awaited on chain.
 */
export function GatewayDeposit({ token, gateway, shortfall, onDeposited }: { token: Address; gateway: Address; shortfall: bigint; onDeposited: () => void }) {
  const { address } = useAccount();
  const config = useConfig();
  const { writeContractAsync } = useWriteContract();
  const [amount, setAmount] = useState(usdcText(shortfall));
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";

  async function deposit() {
    if (!address) return;
    try {
      if (!/^\d+(\.\d{1,6})?$/.test(amount.trim())) throw failure("other", "Enter an amount in USDC, e.g. 1.5");
      const [w, f = ""] = amount.trim().split(".");
      const value = BigInt(w!) * 1_000_000n + BigInt(f.padEnd(6, "0"));
      if (value < shortfall) throw failure("other", `Deposit at least ${usdcText(shortfall)} USDC to cover this payment.`);
      setState({ step: "working", text: "Checking your USDC balance…" });
      const balance = await readContract(config, { address: token, abi: usdcAbi, functionName: "balanceOf", args: [address] });
      if (balance < value) throw failure("insufficient", `Insufficient funds: your wallet holds ${usdcText(balance)} USDC, the deposit needs ${usdcText(value)} USDC.`);
      const allowance = await readContract(config, { address: token, abi: usdcAbi, functionName: "allowance", args: [address, gateway] });
      if (allowance < value) {
        setState({ step: "waiting-signature", text: `Step 1 of 2: approve ${usdcText(value)} USDC for the Gateway Wallet in your wallet…` });
        const approveHash = await writeContractAsync({ address: token, abi: usdcAbi, functionName: "approve", args: [gateway, value] });
        setState({ step: "settling", text: "Step 1 of 2: waiting for the approval to confirm…" });
        const r = await waitForTransactionReceipt(config, { hash: approveHash });
        if (r.status !== "success") throw failure("other", "The approval transaction reverted.");
      }
      setState({ step: "waiting-signature", text: `Step 2 of 2: confirm the deposit of ${usdcText(value)} USDC in your wallet…` });
      const hash = await writeContractAsync({ address: gateway, abi: gatewayWalletAbi, functionName: "deposit", args: [token, value] });
      setState({ step: "settling", text: "Step 2 of 2: waiting for the deposit to confirm…" });
      const receipt = await waitForTransactionReceipt(config, { hash });
      if (receipt.status !== "success") throw failure("other", "The deposit transaction reverted.");
      setState({ step: "settled", text: `Deposited ${usdcText(value)} USDC into the Gateway Wallet.` });
      onDeposited();
    } catch (err) {
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  return (
    <section className="reader-panel deposit" aria-labelledby="deposit-h" data-testid="deposit-panel">
      <h3 id="deposit-h">Top up your Gateway deposit</h3>
      <p>Your deposit is short by <strong>{usdcText(shortfall)} USDC</strong>. A gateway payment draws on USDC you deposited in the Gateway Wallet; depositing takes two wallet transactions (approve, then deposit).</p>
      <div className="field-row">
        <label htmlFor="deposit-amount">Deposit (USDC)</label>
        <input id="deposit-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={busy} />
        <button type="button" className="btn" onClick={deposit} disabled={busy}>Deposit {amount || "…"} USDC</button>
      </div>
      <FlowStatus state={state} id="deposit-status" />
    </section>
  );
}

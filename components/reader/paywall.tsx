"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useContext, useState, type ReactNode } from "react";
import type { Address, Hex } from "viem";
import { useAccount, useConfig, useConnect, useSignMessage, useSignTypedData, useSwitchChain, useWriteContract, WagmiContext } from "wagmi";
import { readContract, waitForTransactionReceipt } from "wagmi/actions";
import { Providers } from "@/components/providers";
import { isDemoConnector, useConnectWallet } from "@/components/use-connect-wallet";
import { useSession, useSignIn } from "@/components/use-session";
import { gatewayWalletAbi, usdcAbi } from "@/lib/chain/abis";
import { transferOwnerMessage } from "@/lib/x402/transfer-owner-message";
import { FlowStatus, type FlowState } from "./flow-status";
import { GatewayDeposit } from "./gateway-deposit";
import { NetworkGuard } from "./network-guard";
import { useBlogSession } from "./use-blog-session";
import { describeFailure, failure, hubFailure } from "./wallet-error";
import { authorizationFor, chainIdOf, decodeHeader, isGatewayOption, paymentSignatureHeader, usdcText, type Challenge, type PaymentOption } from "./x402-browser";
import { KEPT, proofKey, PaywallLinks, readResource, short, Unlocked, useKeptProof, type Body, type PaywallProps, type Rail, type Read } from "./paywall-core";
import "./reader.css";

/**
 * The one paywall of shares and blog posts (wagmi + viem + RainbowKit): re-reads with the unlock
 * proof kept in this browser; pays (Gateway signature with a deposit top-up when short, or a USDC
 * transfer with its tx-owner signature); signs in (EIP-4361) invited and returning wallets; shows
 * each step's state; renders the unlocked body, media and document. It brings its own wallet
 * providers, so a page that uses it needs nothing from the root layout.
 */
export function Paywall(props: PaywallProps) {
  const outer = useContext(WagmiContext);
  // The share page's links need no wallet: it loads no wallet code (and asks no wallet anything).
  if (props.walletPage) return <PaywallLinks {...props} walletPage={props.walletPage} />;
  if (outer) return <PaywallFlow {...props} />;
  return <Providers chain={props.chain}><PaywallFlow {...props} /></Providers>;
}

function PaywallFlow(props: PaywallProps) {
  const { accessPath, proofId } = props;
  const [view, setView] = useState<"pay" | "sign-in">(props.mode === "sign-in" || !props.priceAtomic ? "sign-in" : "pay");
  const [body, setBody] = useState<Body | null>(null);
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const read = useCallback((headers: Record<string, string> = {}, wallet?: Address) => readResource(accessPath, headers, wallet), [accessPath]);

  const granted = useCallback(async (res: Response) => {
    const b = (await res.json()) as Body;
    if (b.unlockProof) localStorage.setItem(proofKey(proofId), b.unlockProof);
    setBody(b);
    return b;
  }, [proofId]);

  const kept = useKeptProof(accessPath, proofId, props.pass?.proofId);
  const [target, setTarget] = useState<"post" | "pass">("post");
  const shown = body ?? kept.body;
  if (shown) {
    return <Unlocked body={shown} state={body ? state : KEPT} statusId={view === "sign-in" ? "signin-status" : "pay-status"} pageHref={view === "sign-in" ? props.pageHref : undefined} />;
  }
  if (view === "sign-in") {
    return <SignIn {...props} read={read} onPay={props.priceAtomic ? () => setView("pay") : undefined} onGranted={(b, w) => {
      if (b.unlockProof) localStorage.setItem(proofKey(proofId), b.unlockProof);
      setState({ step: "settled", text: `Signed in as ${short(w)}: access granted. No payment.` });
      setBody(b);
    }} />;
  }
  const pass = props.pass;
  if (pass && target === "pass") {
    return <PassPanel {...props} pass={pass} granted={granted} state={state} setState={setState} onSignIn={() => setView("sign-in")} onBack={() => { setState({ step: "idle" }); setTarget("post"); }} />;
  }
  const offer = pass ? (
    <p className="pass-offer" data-testid="pass-offer">
      <button type="button" className="link-button" onClick={() => { setState({ step: "idle" }); setTarget("pass"); }} data-testid="pass-offer-button">
        or get a {pass.durationDays}-day pass for {usdcText(pass.priceAtomic)} {props.currency}
      </button>{" "}
      and read every paid post of this blog while it lasts.
    </p>
  ) : null;
  return <PayPanel {...props} checking={kept.checking} read={read} granted={granted} state={state} setState={setState} onSignIn={() => setView("sign-in")} extra={offer} />;
}

/**
 * The blog's pass, bought with the same wallet steps as a post (lib/access sells both): the pass's
 * proof is kept in this browser, and the post is read again with it, so this post and every other
 * paid post of the blog open without another payment while the pass lasts.
 */
function PassPanel(props: PaywallProps & {
  pass: NonNullable<PaywallProps["pass"]>;
  granted: (res: Response) => Promise<Body>;
  state: FlowState;
  setState: (s: FlowState) => void;
  onSignIn: () => void;
  onBack: () => void;
}) {
  const { pass, accessPath, granted, onBack } = props;
  const readPass = useCallback((headers: Record<string, string> = {}, wallet?: Address) => readResource(pass.accessPath, headers, wallet), [pass.accessPath]);
  const passGranted = useCallback(async (res: Response) => {
    const bought = (await res.json()) as { unlockProof: string; payment: Body["payment"]; pass: { endsAt: string } };
    localStorage.setItem(proofKey(pass.proofId), bought.unlockProof);
    const post = await readResource(accessPath, { "x-svc-payment-proof": bought.unlockProof });
    if (!post.ok) throw await hubFailure(post);
    const body = await granted(post);
    return { ...body, payment: bought.payment };
  }, [accessPath, granted, pass.proofId]);
  const back = <p className="muted"><button type="button" className="link-button" onClick={onBack}>Back: buy only this post</button></p>;
  return (
    <PayPanel {...props} proofId={pass.proofId} priceAtomic={pass.priceAtomic} checking={false} read={readPass} granted={passGranted} extra={back}
      heading={`Get a ${pass.durationDays}-day pass for ${usdcText(pass.priceAtomic)} ${props.currency}`} />
  );
}

type PayPanelProps = PaywallProps & {
  checking: boolean;
  read: (headers?: Record<string, string>, wallet?: Address) => Promise<Response>;
  granted: (res: Response) => Promise<Body>;
  state: FlowState;
  setState: (s: FlowState) => void;
  onSignIn: () => void;
  /** The panel's title (default: "Unlock for <price>"). */
  heading?: string;
  /** Shown under the pay button: the pass offer, or the way back from it. */
  extra?: ReactNode;
};

function PayPanel({ priceAtomic, currency, token, gateway, balanceUrl, proofId, checking, read, granted, state, setState, onSignIn, heading, extra }: PayPanelProps) {
  const config = useConfig();
  const { address, isConnected, chainId } = useAccount();
  const { connectAsync, connectors } = useConnect();
  const { switchChainAsync } = useSwitchChain();
  const { signTypedDataAsync } = useSignTypedData();
  const { signMessageAsync } = useSignMessage();
  const { writeContractAsync } = useWriteContract();
  const [rail, setRail] = useState<Rail>("gateway");
  const [shortfall, setShortfall] = useState<bigint | null>(null);
  const busy = state.step === "working" || state.step === "waiting-signature" || state.step === "settling";
  const price = usdcText(priceAtomic ?? "0");
  const hubChain = config.chains[0];
  const pendingKey = `svc-qs-transfer:${proofId}`;

  /** The connected wallet, asking it to connect first (the first browser wallet found) and to move to the hub's chain. */
  async function wallet(): Promise<Address> {
    let from = address;
    let onChain = chainId;
    if (!isConnected || !from) {
      // A wallet the browser announced first; a local hub's demo wallets (ids demo-…) only when there is none.
      const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
      const connector = announced.find((c) => !isDemoConnector(c)) ?? announced[0] ?? connectors[0];
      if (!connector) throw failure("other", "No browser wallet found. Install one, or pay with any x402 client.");
      setState({ step: "waiting-signature", text: isDemoConnector(connector) ? `Connecting ${connector.name}, a demo wallet of this local chain (its key is public)…` : "Connect your wallet…" });
      const c = await connectAsync({ connector });
      from = c.accounts[0];
      onChain = c.chainId;
    }
    if (onChain !== hubChain.id) {
      setState({ step: "waiting-signature", text: `Switch your wallet to ${hubChain.name}…` });
      await switchChainAsync({ chainId: hubChain.id });
    }
    return from!;
  }

  async function challenge(from: Address): Promise<Challenge> {
    const res = await read({}, from);
    if (res.ok) {
      await granted(res);
      throw Object.assign(new Error("already"), { already: true });
    }
    if (res.status !== 402) throw await hubFailure(res);
    const header = res.headers.get("payment-required");
    if (!header) throw failure("hub", "The hub answered 402 without a PAYMENT-REQUIRED challenge.");
    return decodeHeader<Challenge>(header);
  }

  async function spendable(from: Address): Promise<bigint> {
    const res = await fetch(balanceUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ walletAddress: from }) }).catch(() => null);
    if (res?.ok) return BigInt(((await res.json()) as { atomic: { spendable: string } }).atomic.spendable);
    // The hub's route is out of reach: the deposit on chain (the hub still checks its own locks).
    return readContract(config, { address: gateway, abi: gatewayWalletAbi, functionName: "availableBalance", args: [token, from] });
  }

  /** Gateway rail: an EIP-3009 signature over the Gateway Wallet's domain; a short deposit is offered a top-up first. */
  async function payGateway(from: Address, ch: Challenge, option: PaymentOption) {
    setState({ step: "working", text: "Checking your Gateway deposit…" });
    const amount = BigInt(option.amount);
    const have = await spendable(from);
    if (have < amount) {
      setShortfall(amount - have);
      throw failure("insufficient", `Insufficient Gateway deposit: ${usdcText(have)} USDC available, ${usdcText(amount)} USDC needed. Deposit below, then pay again.`);
    }
    const typed = authorizationFor(option, from);
    setState({ step: "waiting-signature", text: `Sign the payment of ${usdcText(amount)} ${currency} in your wallet (a signature, no gas)…` });
    const signature = await signTypedDataAsync(typed);
    setState({ step: "settling", text: "Sending the signed payment to the hub…" });
    return read({ "payment-signature": paymentSignatureHeader(ch, option, typed.message, signature) }, from);
  }

  /** Transfer rail: a USDC transfer on chain, then an EIP-191 signature binding its hash to this resource. */
  async function payTransfer(from: Address, ch: Challenge, option: PaymentOption) {
    const amount = BigInt(option.amount);
    setState({ step: "working", text: "Checking your USDC balance…" });
    const balance = await readContract(config, { address: token, abi: usdcAbi, functionName: "balanceOf", args: [from] });
    if (balance < amount) throw failure("insufficient", `Insufficient funds: your wallet holds ${usdcText(balance)} USDC, this costs ${usdcText(amount)} USDC.`);
    setState({ step: "waiting-signature", text: `Step 1 of 2: confirm the transfer of ${usdcText(amount)} ${currency} in your wallet…` });
    const hash = await writeContractAsync({ address: option.asset as Address, abi: usdcAbi, functionName: "transfer", args: [option.payTo as Address, amount] });
    setState({ step: "settling", text: "Waiting for the transfer to confirm on chain…" });
    const receipt = await waitForTransactionReceipt(config, { hash });
    if (receipt.status !== "success") throw failure("other", "The transfer reverted on chain; nothing was paid.");
    // The USDC has moved: keep the hash until the hub accepts it, so the reader never pays twice.
    sessionStorage.setItem(pendingKey, hash);
    return bindTransfer(from, ch, option, hash, "Step 2 of 2: sign the message that proves the transfer is yours…");
  }

  async function bindTransfer(from: Address, ch: Challenge, option: PaymentOption, hash: string, text: string) {
    setState({ step: "waiting-signature", text });
    const owner: Hex = await signMessageAsync({ message: transferOwnerMessage({ chainId: chainIdOf(option), txHash: hash, resourceUrl: ch.resource?.url ?? "" }) });
    setState({ step: "settling", text: "The hub is checking the transfer…" });
    const res = await read({ "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner }, from);
    if (res.ok) sessionStorage.removeItem(pendingKey);
    return res;
  }

  async function pay() {
    setShortfall(null);
    try {
      const from = await wallet();
      setState({ step: "working", text: "Asking for the price…" });
      const ch = await challenge(from);
      const option = rail === "gateway" ? ch.accepts.find(isGatewayOption) : ch.accepts.find((o) => !isGatewayOption(o)) ?? ch.accepts[0];
      if (!option) throw failure("hub", `This resource does not offer the ${rail} rail.`);
      const pending = rail === "transfer" ? sessionStorage.getItem(pendingKey) : null;
      const res = pending
        ? await bindTransfer(from, ch, option, pending, "Sign the message that proves your earlier transfer is yours…")
        : rail === "gateway" ? await payGateway(from, ch, option) : await payTransfer(from, ch, option);
      if (!res.ok) throw await hubFailure(res);
      const b = await granted(res);
      const p = b.payment;
      setState({ step: "settled", text: p ? `Paid ${p.amount} ${p.currency}${p.txHash ? "" : " (settles in the next gateway batch)"}. Enjoy.` : "Unlocked." });
    } catch (err) {
      if ((err as { already?: boolean }).already) { setState({ step: "settled", text: "You already have access." }); return; }
      const f = describeFailure(err);
      setState({ step: "failed", kind: f.kind, text: f.message });
    }
  }

  const rails = (
    <>
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
      <button type="button" className="btn btn-big" onClick={pay} disabled={busy || checking} data-testid="pay-button" id="qs-pay">
        {busy ? "Working…" : `Pay ${price} ${currency} (${rail})`}
      </button>
      <FlowStatus state={state} id="pay-status" />
      {extra}
      <p className="muted">Bought it before with this wallet in another browser? <button type="button" className="link-button" id="qs-signin" onClick={onSignIn}>Sign in with the wallet</button>: no new payment.</p>
      {shortfall !== null && rail === "gateway" && (
        <GatewayDeposit token={token} gateway={gateway} shortfall={shortfall} onDeposited={() => { setShortfall(null); setState({ step: "settled", text: "Deposit confirmed. Press Pay to sign the payment." }); }} />
      )}
    </>
  );

  return (
    <section className="reader-panel" aria-labelledby="pay-h" data-testid="pay-panel" id="qs-paywall">
      <h2 id="pay-h">{heading ?? `Unlock for ${price} ${currency}`}</h2>
      {checking && <p className="muted" aria-busy="true">Checking this browser for an earlier unlock…</p>}
      {isConnected ? <NetworkGuard action={`pay ${price} ${currency}`}>{rails}</NetworkGuard> : (
        <>
          {rails}
          <Connect action="pay" />
        </>
      )}
    </section>
  );
}

function Connect({ action }: { action: string }): ReactNode {
  // RainbowKit's dialog, or "no wallet found" with the two ways forward when the browser has none.
  const { connect, dialog } = useConnectWallet();
  return (
    <div className="guard" data-guard="connect">
      <p>Connect a wallet to {action}, or press the button above: your wallet asks first.</p>
      <button type="button" className="btn btn-quiet" onClick={() => void connect()}>Connect wallet</button>
      {dialog}
    </div>
  );
}

type SignInProps = PaywallProps & {
  read: (headers?: Record<string, string>) => Promise<Response>;
  onGranted: (body: Body, wallet: string) => void;
  onPay?: () => void;
};
type SessionControls = Omit<ReturnType<typeof useBlogSession>, "me"> & { me: { wallet: string } | null };

function SignIn(props: SignInProps) {
  return props.authBase === "/api/auth" ? <BlogSignIn {...props} /> : <HubSignIn {...props} />;
}

function HubSignIn(props: SignInProps) {
  const { me, loading } = useSession();
  const controls = useSignIn();
  return <SignInPanel {...props} session={{ ...controls, me, loading }} />;
}

function BlogSignIn(props: SignInProps) {
  return <SignInPanel {...props} session={useBlogSession(props.sessionWallet ?? null)} />;
}

/**
 * Sign in (invited wallets, earlier buyers, readers of an expired share they unlocked): connect,
 * sign the EIP-4361 message, then ask the access route with the session cookie. The hub decides.
 */
function SignInPanel({ lead, proofId, read, onGranted, onPay, session }: SignInProps & { session: SessionControls }) {
  const { address, isConnected } = useAccount();
  const { me, loading, signIn, signOut, status, error, busy } = session;
  // The session decides what the hub grants; a wallet connected as another account offers to sign in as that one.
  const sessionWallet = me && (!isConnected || address?.toLowerCase() === me.wallet.toLowerCase()) ? me.wallet : null;

  const access = useQuery({
    queryKey: ["svc-session-read", proofId, sessionWallet],
    enabled: !!sessionWallet,
    retry: false,
    staleTime: Infinity,
    queryFn: async (): Promise<Read> => {
      const res = await read();
      if (res.ok) {
        const body = (await res.json()) as Body;
        onGranted(body, sessionWallet!);
        return { ok: true, body };
      }
      const b = (await res.json().catch(() => ({}))) as { details?: string; error?: string };
      return { ok: false, status: res.status, text: b.details || b.error || `HTTP ${res.status}` };
    },
  });

  if (loading) return <p className="muted" aria-busy="true">Checking your session…</p>;

  if (sessionWallet) {
    const result = access.data;
    if (!result || result.ok) {
      return <p className="muted" aria-busy="true" data-testid="share-signin-reading" id="signin-status" data-step="settled">Signed in as <code>{short(sessionWallet)}</code>: access granted. No payment.</p>;
    }
    const notBought = result.status === 402;
    return (
      <section className="reader-panel" aria-labelledby="signin-h" data-testid="signin-panel">
        <h2 id="signin-h">No access for this wallet</h2>
        <FlowStatus state={{ step: "failed", kind: "hub", text: notBought ? `The signed-in wallet ${short(sessionWallet)} has not bought this.` : result.text }} id="signin-status" />
        {notBought && onPay && <p><button type="button" className="btn" onClick={onPay}>Pay for it</button></p>}
        <p className="muted">Bought it or were invited with another wallet? Sign out, switch the account in your wallet, and sign in again.</p>
        <button type="button" className="btn btn-quiet" onClick={signOut}>Sign out</button>
      </section>
    );
  }

  const state: FlowState = status === "waiting-signature" ? { step: "waiting-signature", text: "Sign the sign-in message in your wallet (a signature, no gas)…" }
    : status === "verifying" ? { step: "settling", text: "Checking your signature…" }
    : error ? { step: "failed", kind: /rejected/.test(error) ? "rejected" : "hub", text: error }
    : { step: "idle" };
  return (
    <section className="reader-panel" aria-labelledby="signin-h" data-testid="signin-panel">
      <h2 id="signin-h">Sign in to read</h2>
      {lead && <p>{lead}</p>}
      <NetworkGuard action="sign in" anyChain>
        <button type="button" className="btn btn-big" onClick={() => address && signIn(address)} disabled={busy || !address} data-testid="share-sign-in">
          {busy ? "Working…" : `Sign in as ${address ? short(address) : "…"}`}
        </button>
        <FlowStatus state={state} id="signin-status" />
      </NetworkGuard>
      {onPay && <p className="muted">Not bought yet? <button type="button" className="link-button" onClick={onPay}>Pay for it</button>.</p>}
    </section>
  );
}

export type { PaywallProps } from "./paywall-core";
export { proofKey } from "./paywall-core";

import type { Metadata } from "next";
import { CheckoutPay } from "@/components/checkout/checkout-pay";
import { usdcText } from "@/components/reader/x402-browser";
import { readCheckout } from "@/lib/checkout/read-checkout";

export const metadata: Metadata = { title: "Checkout", referrer: "no-referrer" };

// GET /checkout?pr=<PAYMENT-REQUIRED> — a reader of a creator's own site signs its x402 payment with a wallet
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = await readCheckout(await searchParams);
  if (!view.ok) {
    return (
      <>
        <h1>This checkout link cannot be paid</h1>
        <p role="alert" className="error" data-testid="checkout-refused" data-reason={view.refusal.reason}>{view.refusal.details}.</p>
        <p className="muted">Nothing was signed or paid. Go back to the page you came from and try again, or tell its owner.</p>
      </>
    );
  }
  const { item } = view;
  return (
    <>
      <h1>Checkout</h1>
      <section className="checkout-item" aria-label="What you are buying">
        <dl>
          <dt>Item</dt>
          <dd data-testid="checkout-description">{item.description || item.resourceUrl}</dd>
          <dt>On</dt>
          <dd><a href={item.resourceUrl} rel="noreferrer" data-testid="checkout-resource">{item.resourceUrl}</a></dd>
          <dt>Paid to</dt>
          <dd data-testid="checkout-payee">{item.payee.name} <span className="muted">({item.payee.domain}, verified on this hub; wallet <code>{item.payee.wallet}</code>)</span></dd>
          <dt>Price</dt>
          <dd data-testid="checkout-price">{`${usdcText(item.option.amount)} USDC`}</dd>
        </dl>
      </section>
      <p className="muted">Your wallet signs a USDC authorization for exactly this amount to this payee. You then go back to {item.payee.domain}, whose server collects it through this hub and shows you the page. Your key stays in your wallet.</p>
      <CheckoutPay challenge={item.challenge} option={item.option} returnUrl={item.resourceUrl} />
      <p><a href={item.resourceUrl} rel="noreferrer">Cancel and go back</a></p>
    </>
  );
}

/**
 * The URL fragment key the hub's checkout hands the signed payment back under
 * (`<creator page>#x402-payment=<PAYMENT-SIGNATURE value>`), read by /hub/paywall.js. A fragment,
 * because browsers never send it to a server or in a Referer.
 */
export const CHECKOUT_FRAGMENT = "x402-payment";

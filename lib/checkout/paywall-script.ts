import { CHECKOUT_FRAGMENT } from "./fragment";

/**
 * The paywall a creator's own site shows browsers (GET /hub/paywall.js). The creator's stock x402
 * middleware answers a browser's unpaid request with its paywall HTML; configured with the hub's
 * snippet, that page is only
 *   <script src="<hub>/hub/paywall.js"></script>
 * and this script does the rest, with no payment code on the creator's side:
 *
 * 1. It asks the same URL again as an API client (Accept: application/json) and reads the standard
 *    PAYMENT-REQUIRED header of the 402 (same origin, so readable).
 * 2. It shows the price and a button to the hub's checkout (/checkout?pr=<that header>), where the
 *    reader's wallet signs the payment; the checkout sends the reader back here with the signed
 *    PAYMENT-SIGNATURE value in the URL fragment (#x402-payment=…), which no server ever sees.
 * 3. It removes the fragment from the address bar and history, retries this URL with the
 *    PAYMENT-SIGNATURE header, and on 200 shows the page the creator's server answered.
 * 4. It keeps that paid page in this browser (localStorage, per URL), so a reload shows it again
 *    without a second payment.
 *
 * Plain ES5, DOM APIs only (no innerHTML of anything it received), so any page can run it.
 */
export function paywallScript(): string {
  return `/*! Paid Content Hub paywall for creator sites */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || window.svcPaywall) return;
  window.svcPaywall = true;
  var hub = new URL(script.src).origin;
  var FRAGMENT = ${JSON.stringify(CHECKOUT_FRAGMENT)};
  var here = location.href.split("#")[0];
  var KEPT = "svc.paid:" + here;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  var box = el("section", { "class": "svc-paywall", "aria-label": "Payment required", style: "font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:1.5rem;border:1px solid #d9dce3;border-radius:8px;color:#15161a;background:#fff" });
  var title = el("h1", { style: "font-size:1.4rem;margin:0 0 .5rem" }, "Payment required");
  var what = el("p", { "data-svc": "description" });
  var status = el("p", { role: "status", "aria-live": "polite", "data-svc": "status" });
  box.appendChild(title); box.appendChild(what); box.appendChild(status);
  function mount() { if (!box.parentNode) (document.body || document.documentElement).appendChild(box); }
  function say(text, bad) { status.textContent = text; status.style.color = bad ? "#b42318" : "#4b5160"; }

  function show(html) {
    document.open();
    document.write(html);
    document.close();
  }
  function keep(html) { try { localStorage.setItem(KEPT, html); } catch (e) { /* storage full or off: the page is shown anyway */ } }
  function kept() { try { return localStorage.getItem(KEPT); } catch (e) { return null; } }

  function decode(header) {
    var bin = atob(header.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return JSON.parse(new TextDecoder().decode(bytes));
  }
  function usdc(atomic) {
    var s = String(atomic).replace(/^0+(?=\\d)/, "");
    while (s.length < 7) s = "0" + s;
    var frac = s.slice(-6).replace(/0+$/, "");
    return s.slice(0, -6) + (frac ? "." + frac : "");
  }
  function reason(res) {
    var h = res.headers.get("payment-required");
    if (!h) return "the site answered " + res.status;
    try { var pr = decode(h); return pr.error || ("the site answered " + res.status); } catch (e) { return "the site answered " + res.status; }
  }

  function offer() {
    say("Asking for the price…");
    fetch(here, { headers: { accept: "application/json" }, credentials: "same-origin", cache: "no-store" }).then(function (res) {
      var header = res.headers.get("payment-required");
      if (res.status !== 402 || !header) { say("This page did not ask for a payment (" + res.status + "): reload it.", true); return; }
      var pr = decode(header);
      var option = null;
      for (var i = 0; i < (pr.accepts || []).length; i++) {
        var o = pr.accepts[i];
        if (o.scheme === "exact" && o.extra && o.extra.name !== "GatewayWalletBatched") { option = o; break; }
      }
      if (pr.resource && pr.resource.description) what.textContent = pr.resource.description;
      if (!option) { say("This page offers no payment this hub's checkout can sign.", true); return; }
      say("");
      var link = el("a", { href: hub + "/checkout?pr=" + encodeURIComponent(header), "data-svc": "checkout", style: "display:inline-block;padding:.6rem 1.1rem;border-radius:6px;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600" }, "Pay " + usdc(option.amount) + " USDC with a wallet");
      box.insertBefore(link, status);
      box.insertBefore(el("p", { style: "color:#4b5160;font-size:.9rem" }, "You sign the payment on " + new URL(hub).host + " and come back here to read. Agents and x402 clients pay this URL directly."), status);
    }).catch(function (err) { say("Could not ask for the price: " + err.message, true); });
  }

  function collect(signature) {
    history.replaceState(history.state, "", here);
    say("Collecting your payment…");
    fetch(here, { headers: { accept: "text/html", "payment-signature": signature }, credentials: "same-origin", cache: "no-store" }).then(function (res) {
      if (!res.ok) {
        say("The payment was not accepted: " + reason(res) + ". Nothing was charged; you can try again.", true);
        offer();
        return;
      }
      return res.text().then(function (html) { keep(html); show(html); });
    }).catch(function (err) { say("Could not send the payment: " + err.message + ". Reload to try again.", true); });
  }

  function start() {
    mount();
    var m = new RegExp("[#&]" + FRAGMENT + "=([^&]+)").exec(location.hash);
    var copy = kept();
    if (m) collect(decodeURIComponent(m[1]));
    else if (copy) show(copy);
    else offer();
  }
  // After parsing: document.open() replaces the page only once the parser is done.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
`;
}

/**
 * The wallet part of a hosted-blog post page (plain JS, no bundle), loaded after the share page
 * script (lib/quickshare/share-page-script.ts) whose read/render helpers it uses via
 * `window.svcShare`: pays the x402 challenge with the injected wallet (EIP-1193: a plain EIP-3009
 * authorization, the challenge's first option) and signs in (EIP-4361) on the blog's own origin for
 * wallets that read free or already bought. Blog pages are served on the blog's origin outside the
 * hub's React app, so they talk to the wallet directly; the hub's pages use wagmi.
 */
export const BLOG_WALLET_SCRIPT = String.raw`
(function () {
  "use strict";
  var s = window.svcShare;
  if (!s) return;
  var root = s.root, read = s.read, granted = s.granted, say = s.say;
  var authBase = root.getAttribute("data-svc-auth") || "/api/auth";

  function errorText(res) {
    return res.json().then(function (b) { return b.details || b.error || ("HTTP " + res.status); }, function () { return "HTTP " + res.status; });
  }

  function wallet() {
    if (!window.ethereum) throw new Error("No browser wallet found. Install one, or pay with any x402 client: " + location.href);
    return window.ethereum.request({ method: "eth_requestAccounts" }).then(function (accounts) {
      if (!accounts || !accounts[0]) throw new Error("The wallet shared no account");
      return accounts[0];
    });
  }

  function ensureChain(chainId) {
    var hex = "0x" + chainId.toString(16);
    return window.ethereum.request({ method: "eth_chainId" }).then(function (current) {
      if (parseInt(current, 16) === chainId) return;
      return window.ethereum.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hex }] }).catch(function (err) {
        if (err && err.code === 4902 && root.getAttribute("data-svc-rpc")) {
          return window.ethereum.request({ method: "wallet_addEthereumChain", params: [{ chainId: hex, chainName: "Paid Content Hub chain", rpcUrls: [root.getAttribute("data-svc-rpc")], nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 } }] });
        }
        throw err;
      });
    });
  }

  function randomNonce() {
    var b = new Uint8Array(32);
    crypto.getRandomValues(b);
    return "0x" + Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  function b64(text) { return btoa(String.fromCharCode.apply(null, Array.from(new TextEncoder().encode(text)))); }
  function unb64(text) { return new TextDecoder().decode(Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); })); }

  function pay() {
    var from;
    say("Connecting your wallet…");
    return wallet().then(function (account) {
      from = account;
      say("Asking for the price…");
      return read({}).then(function (res) { return res; });
    }).then(function (res) {
      if (res.ok) return granted(res);
      if (res.status !== 402) return errorText(res).then(function (t) { throw new Error(t); });
      var header = res.headers.get("payment-required");
      if (!header) throw new Error("The hub answered 402 without a PAYMENT-REQUIRED challenge");
      var challenge = JSON.parse(unb64(header));
      var option = challenge.accepts[0];
      var chainId = Number(String(option.network).split(":")[1]);
      var now = Math.floor(Date.now() / 1000);
      var authorization = { from: from, to: option.payTo, value: String(option.amount), validAfter: "0", validBefore: String(now + Number(option.maxTimeoutSeconds || 300)), nonce: randomNonce() };
      var typed = {
        types: {
          EIP712Domain: [{ name: "name", type: "string" }, { name: "version", type: "string" }, { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" }],
          TransferWithAuthorization: [{ name: "from", type: "address" }, { name: "to", type: "address" }, { name: "value", type: "uint256" }, { name: "validAfter", type: "uint256" }, { name: "validBefore", type: "uint256" }, { name: "nonce", type: "bytes32" }],
        },
        domain: { name: option.extra.name, version: option.extra.version, chainId: chainId, verifyingContract: option.extra.verifyingContract || option.asset },
        primaryType: "TransferWithAuthorization",
        message: authorization,
      };
      return ensureChain(chainId).then(function () {
        say("Sign the payment of " + (Number(option.amount) / 1e6) + " USDC in your wallet…");
        return window.ethereum.request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(typed)] });
      }).then(function (signature) {
        say("Paying…");
        var payload = { x402Version: challenge.x402Version, resource: challenge.resource, accepted: option, payload: { signature: signature, authorization: authorization } };
        return read({ "payment-signature": b64(JSON.stringify(payload)) });
      }).then(function (paid) {
        if (paid.ok) return granted(paid);
        return errorText(paid).then(function (t) { throw new Error(t); });
      });
    });
  }

  function signIn() {
    var address;
    say("Connecting your wallet…");
    return wallet().then(function (account) {
      address = account;
      return fetch(authBase + "/nonce?address=" + account, { cache: "no-store" }).then(function (r) { return r.json(); });
    }).then(function (t) {
      var message = t.domain + " wants you to sign in with your Ethereum account:\n" + address + "\n\n" + t.statement + "\n\nURI: " + t.uri +
        "\nVersion: 1\nChain ID: " + t.chainId + "\nNonce: " + t.nonce + "\nIssued At: " + new Date().toISOString();
      var hex = "0x" + Array.prototype.map.call(new TextEncoder().encode(message), function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
      say("Sign the sign-in message in your wallet…");
      return window.ethereum.request({ method: "personal_sign", params: [hex, address] }).then(function (signature) {
        return fetch(authBase + "/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: message, signature: signature }), credentials: "same-origin" });
      });
    }).then(function (res) {
      if (!res.ok) return errorText(res).then(function (t) { throw new Error(t); });
      location.reload();
    });
  }

  function wire(id, action) {
    var button = document.getElementById(id);
    if (!button) return;
    button.addEventListener("click", function () {
      button.disabled = true;
      action().catch(function (err) { say(err && err.message ? err.message : String(err), true); }).finally(function () { button.disabled = false; });
    });
  }
  wire("qs-pay", pay);
  wire("qs-signin", signIn);
})();
`;

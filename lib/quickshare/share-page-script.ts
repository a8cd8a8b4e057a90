/**
 * The share page's only script (plain JS, no bundle): re-reads with a stored unlock proof, pays the
 * x402 challenge with an injected wallet (EIP-1193: a plain EIP-3009 authorization, the challenge's
 * first option), signs in (EIP-4361) for wallets that read free or already bought, and renders the
 * body with the same rules as the server (escaped text, svc-embed://N → media route).
 */
export const SHARE_PAGE_SCRIPT = String.raw`
(function () {
  "use strict";
  var root = document.getElementById("share");
  if (!root) return;
  var path = root.getAttribute("data-svc-access") || root.getAttribute("data-svc-path");
  var authBase = root.getAttribute("data-svc-auth") || "/auth"; // hosted blogs sign in under /api/auth
  var storeKey = "svc-qs-proof:" + root.getAttribute("data-svc-id");
  var statusEl = document.getElementById("qs-status");
  var contentEl = document.getElementById("qs-content");

  function say(text, isError) {
    if (!statusEl) return;
    statusEl.textContent = text;
    statusEl.className = isError ? "error" : "muted";
  }
  function localPath(url) { var u = new URL(url, location.href); return u.pathname + u.search; }
  function withProof(url, proof) { return proof ? url + "&proof=" + encodeURIComponent(proof) : url; }

  function mediaNode(item, proof) {
    var url = withProof(localPath(item.url), proof);
    var el;
    if (item.kind === "photo") { el = document.createElement("img"); el.src = url; el.alt = item.fileName; el.loading = "lazy"; }
    else if (item.kind === "music") { el = document.createElement("audio"); el.controls = true; el.preload = "none"; el.src = url; }
    else if (item.kind === "video") { el = document.createElement("video"); el.controls = true; el.preload = "metadata"; el.src = url; }
    else { el = document.createElement("a"); el.href = url; el.textContent = item.fileName; el.className = "qs-doc"; return el; }
    el.className = "qs-media";
    return el;
  }

  function render(body, proof) {
    if (!contentEl) return;
    var items = body.media.items;
    var used = {};
    contentEl.replaceChildren();
    var paragraphs = body.content.replace(/\r\n?/g, "\n").split(/\n{2,}/);
    paragraphs.forEach(function (p) {
      if (!p.trim()) return;
      var para = document.createElement("p");
      var re = /svc-embed:\/\/(\d+)/g, last = 0, m;
      function text(s) {
        s.split("\n").forEach(function (line, i) { if (i) para.appendChild(document.createElement("br")); para.appendChild(document.createTextNode(line)); });
      }
      while ((m = re.exec(p))) {
        var item = items[Number(m[1])];
        if (!item) continue;
        used[m[1]] = true;
        text(p.slice(last, m.index));
        para.appendChild(mediaNode(item, proof));
        last = m.index + m[0].length;
      }
      text(p.slice(last));
      contentEl.appendChild(para);
    });
    var rest = items.filter(function (_, i) { return !used[String(i)]; });
    if (rest.length) {
      var box = document.createElement("div");
      box.className = "qs-attachments";
      rest.forEach(function (item) { box.appendChild(mediaNode(item, proof)); });
      contentEl.appendChild(box);
    }
    contentEl.hidden = false;
    root.setAttribute("data-svc-state", "granted");
    var paywall = document.getElementById("qs-paywall");
    if (paywall) paywall.hidden = true;
  }

  function read(headers) {
    var h = { accept: "application/json" };
    for (var k in headers) h[k] = headers[k];
    return fetch(path, { headers: h, credentials: "same-origin", cache: "no-store" });
  }

  function granted(res) {
    return res.json().then(function (body) {
      if (body.unlockProof) localStorage.setItem(storeKey, body.unlockProof);
      render(body, body.unlockProof);
      say(body.payment ? "Paid " + body.payment.amount + " " + body.payment.currency + ". Enjoy." : "Unlocked.");
      return body;
    });
  }

  function errorText(res) {
    return res.json().then(function (b) { return b.details || b.error || ("HTTP " + res.status); }, function () { return "HTTP " + res.status; });
  }

  // A reader who paid before keeps the proof in this browser: re-read without paying.
  var saved = localStorage.getItem(storeKey);
  if (saved && root.getAttribute("data-svc-state") !== "granted") {
    read({ "x-svc-payment-proof": saved }).then(function (res) {
      if (res.ok) return granted(res);
      localStorage.removeItem(storeKey);
    }).catch(function () {});
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

/**
 * The share page's only script (plain JS, no bundle, no wallet): re-reads with the unlock proof kept
 * in this browser (written by the wallet page /qs/<slug>/unlock, which pays and signs in with wagmi +
 * RainbowKit) and renders the body with the same rules as the server (escaped text, svc-embed://N →
 * media route). Without JavaScript the page still reads free content. Hosted-blog post pages add their
 * own wallet script (lib/blog/blog-wallet-script.ts) on top, through `window.svcShare`.
 */
export const SHARE_PAGE_SCRIPT = String.raw`
(function () {
  "use strict";
  var root = document.getElementById("share");
  if (!root) return;
  var path = root.getAttribute("data-svc-access") || root.getAttribute("data-svc-path"); // blog posts name their access route
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

  // A reader who paid before keeps the proof in this browser: re-read without paying.
  var saved = localStorage.getItem(storeKey);
  if (saved && root.getAttribute("data-svc-state") !== "granted") {
    read({ "x-svc-payment-proof": saved }).then(function (res) {
      if (res.ok) return granted(res);
      localStorage.removeItem(storeKey);
    }).catch(function () {});
  }

  window.svcShare = { root: root, read: read, granted: granted, say: say };
})();
`;

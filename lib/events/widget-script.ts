import { EVENT_KINDS } from "@/lib/schemas/events";

/**
 * The embeddable widget (GET /hub/widget.js). A creator page includes
 *   <script async src="<hub>/hub/widget.js" data-site-id="<site id>" data-site-key="<pk_… public site key>"></script>
 * (snippets from before site keys existed carry data-token; it is read the same way, and sent as `token`)
 * and the widget sends page_view on load and resource_view when the page describes a content item
 * (an element with data-svc-resource="<id>" and data-svc-title/-price/-type/-recipient/-url/-tags,
 * or <meta name="svc:resource" …> tags). The page reports the other kinds with
 * window.svcWidget.track(kind, { resource?, paymentId?, txHash?, rating? }) or by dispatching
 * new CustomEvent("svc:track", { detail: { event, … } }) on document. Events go out with
 * navigator.sendBeacon as text/plain (no CORS preflight), fetch keepalive as a fallback.
 * Plain ES5 so that any page can run it.
 */
export function widgetScript(): string {
  return `/*! Paid Content Hub widget */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || window.svcWidget) return;
  var siteId = script.getAttribute("data-site-id");
  var token = script.getAttribute("data-site-key") || script.getAttribute("data-token");
  if (!siteId || !token) { console.warn("[svc widget] data-site-id and data-site-key are required"); return; }
  var endpoint = new URL("/hub/evt", script.src).toString();
  var KINDS = ${JSON.stringify(EVENT_KINDS)};
  var FIELDS = ["title", "url", "type", "price", "recipient", "description", "image", "tags"];

  function pageUrl() { return location.href.split("#")[0]; }

  function resourceFromPage() {
    var el = document.querySelector("[data-svc-resource]");
    function meta(name) {
      var m = document.querySelector('meta[name="svc:' + name + '"]');
      return m ? m.getAttribute("content") : null;
    }
    var id = (el && el.getAttribute("data-svc-resource")) || meta("resource");
    if (!id) return null;
    var r = { id: id };
    for (var i = 0; i < FIELDS.length; i++) {
      var f = FIELDS[i];
      var v = (el && el.getAttribute("data-svc-" + f)) || meta(f);
      if (v) r[f === "image" ? "imageUrl" : f] = v;
    }
    if (!r.title) r.title = document.title;
    if (!r.url) r.url = pageUrl();
    return r;
  }

  function send(event, extra) {
    var body = { siteId: siteId, token: token, event: event, url: pageUrl(), path: location.pathname };
    for (var k in extra) if (Object.prototype.hasOwnProperty.call(extra, k) && extra[k] != null) body[k] = extra[k];
    var json = JSON.stringify(body);
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(endpoint, new Blob([json], { type: "text/plain" }))) return Promise.resolve(true);
    } catch (e) { /* fall through to fetch */ }
    return fetch(endpoint, { method: "POST", body: json, headers: { "content-type": "text/plain" }, keepalive: true, mode: "cors", credentials: "omit" })
      .then(function (res) { return res.ok; }, function () { return false; });
  }

  var api = {
    siteId: siteId,
    kinds: KINDS.slice(),
    resource: resourceFromPage,
    track: function (event, data) {
      if (KINDS.indexOf(event) < 0) throw new Error("[svc widget] unknown event " + event);
      data = data || {};
      var extra = {};
      for (var k in data) if (Object.prototype.hasOwnProperty.call(data, k) && k !== "event") extra[k] = data[k];
      if (!extra.resource) extra.resource = resourceFromPage();
      return send(event, extra);
    }
  };
  window.svcWidget = api;
  document.addEventListener("svc:track", function (e) {
    var d = (e && e.detail) || {};
    try { api.track(d.event, d); } catch (err) { console.warn(String(err)); }
  });

  var resource = resourceFromPage();
  send("page_view", resource ? { resource: resource } : {});
  if (resource) send("resource_view", { resource: resource });
})();
`;
}

import { describe, expect, it } from "vitest";
import { metaValues, readSiteMeta } from "./read-site-meta";

describe("readSiteMeta", () => {
  it("reads name, description, icon and og:image, resolving relative URLs", () => {
    const html = `<!doctype html><html><head>
      <title>Quiet Letters &amp; Co — home</title>
      <meta name="description" content="Essays on slow software.">
      <meta property="og:image" content="/img/cover.png">
      <link rel="shortcut icon" href="/static/icon.svg">
      <meta name="svc:owner" content="0xabc">
      </head><body><meta name="description" content="not in head"></body></html>`;
    expect(readSiteMeta(html, "https://quiet-letters.example/")).toEqual({
      name: "Quiet Letters & Co — home",
      description: "Essays on slow software.",
      faviconUrl: "https://quiet-letters.example/static/icon.svg",
      ogImageUrl: "https://quiet-letters.example/img/cover.png",
    });
    expect(metaValues(html, "SVC:OWNER")).toEqual(["0xabc"]);
  });

  it("prefers og:site_name, falls back to /favicon.ico and drops non-http URLs", () => {
    const html = `<head><meta content='Pixel Press' property='og:site_name'><title>ignored</title>
      <meta property="og:description" content="Zines"><meta property="og:image" content="javascript:alert(1)"></head>`;
    expect(readSiteMeta(html, "http://pixel-press.example/zines/")).toEqual({
      name: "Pixel Press",
      description: "Zines",
      faviconUrl: "http://pixel-press.example/favicon.ico",
      ogImageUrl: null,
    });
  });

  it("copes with an empty page", () => {
    expect(readSiteMeta("", "https://x.example/")).toEqual({ name: "", description: "", faviconUrl: "https://x.example/favicon.ico", ogImageUrl: null });
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShareBody } from "@/components/reader/share-body";

const photo = { kind: "photo", url: "http://hub.test/quickshare/AbCdEfGh/media/photo?index=0", fileName: "buoy.png", contentType: "image/png" };
const doc = { kind: "document", url: "http://hub.test/quickshare/AbCdEfGh/media/document?index=1", fileName: "chart.pdf", contentType: "application/pdf" };
const html = (content: string, items = [photo], unlockProof: string | null = null) => renderToStaticMarkup(createElement(ShareBody, { body: { content, media: { items }, unlockProof } }));

describe("ShareBody (GFM Markdown, sanitized; svc-embed://N → the media route)", () => {
  it("renders headings, lists, emphasis, links and GFM tables", () => {
    const out = html("# Title\n\n- one\n- *two*\n\n[chart](https://example.org/c)\n\n| a | b |\n|---|---|\n| 1 | 2 |", []);
    expect(out).toContain("<h1>Title</h1>");
    expect(out).toContain("<li><em>two</em></li>");
    expect(out).toContain('<a href="https://example.org/c" rel="noopener noreferrer nofollow">chart</a>');
    expect(out).toContain("<td>2</td>");
  });

  it("never renders raw HTML or script, and empties javascript: links", () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[x](javascript:alert(3))', []);
    expect(out).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("svc-embed://N works as an image target, a link target and a bare token; unknown tokens stay text; unused media follow the body", () => {
    expect(html("![buoy](svc-embed://0)")).toContain('<img class="qs-media" src="/quickshare/AbCdEfGh/media/photo?index=0" alt="buoy.png" loading="lazy"/>');
    expect(html("Look: svc-embed://0")).toContain('<p>Look: <img class="qs-media" src="/quickshare/AbCdEfGh/media/photo?index=0"');
    expect(html("[the chart](svc-embed://1)", [photo, doc])).toContain('<a class="qs-doc" href="/quickshare/AbCdEfGh/media/document?index=1">the chart</a>');
    const rest = html("svc-embed://7 only");
    expect(rest).toContain("svc-embed://7 only");
    expect(rest).toContain('<div class="qs-attachments"><img class="qs-media" src="/quickshare/AbCdEfGh/media/photo?index=0"');
  });

  it("adds the reader's unlock proof to media URLs", () => {
    expect(html("svc-embed://0", [photo], "0xabc.1.2.mac")).toContain('src="/quickshare/AbCdEfGh/media/photo?index=0&amp;proof=0xabc.1.2.mac"');
  });

  it("renders a body once for every reader who sees the same thing, and each reader's own proof and media otherwise", () => {
    const body = "# Kept\n\n![buoy](svc-embed://0)";
    const first = html(body, [photo]);
    expect(html(body, [photo])).toBe(first);
    // The kept render is never another reader's: their proof, their media.
    expect(html(body, [photo], "0xaaa.1.2.mac")).toContain("proof=0xaaa.1.2.mac");
    expect(html(body, [photo], "0xbbb.1.2.mac")).toContain("proof=0xbbb.1.2.mac");
    expect(html(body, [photo], "0xbbb.1.2.mac")).not.toContain("0xaaa");
    expect(html(body, [doc])).toContain('href="/quickshare/AbCdEfGh/media/document?index=1"');
    expect(html(body, [photo])).toBe(first);
  });
});
